import { Link } from 'react-router';
import { SCIM_BASE_PATH, SCIM_USER_MAPPING } from 'contracts/identity';
import { Input } from 'kit';
import { sectionLink } from 'shared';

/**
 * Ours (issue 39): how to connect a directory (Entra ID, Okta, any SCIM 2.0 client) to this
 * licence — the SCIM base URL, the API key it sends, what is mapped and what deprovisioning does.
 */
export function LicenseDirectoryTab() {
  const baseUrl = `${window.location.origin}${SCIM_BASE_PATH}`;
  return (
    <section aria-labelledby="connect-directory" className="max-w-3xl space-y-5 text-sm text-slate-700">
      <div className="space-y-1">
        <h2 id="connect-directory" className="text-base font-semibold text-slate-900">
          Connect your directory
        </h2>
        <p>
          Your directory (Microsoft Entra ID, Okta or any SCIM 2.0 client) can create, update and deactivate this licence’s users and keep its user groups’
          members, through SCIM 2.0.
        </p>
      </div>

      <div className="space-y-1">
        <label htmlFor="scim-base-url" className="font-medium text-slate-800">
          SCIM base URL (Tenant URL)
        </label>
        <Input id="scim-base-url" readOnly value={baseUrl} className="font-mono" onFocus={(event) => event.currentTarget.select()} />
      </div>

      <div className="space-y-1">
        <h3 className="font-semibold text-slate-900">Secret token</h3>
        <ol className="list-decimal space-y-1 pl-5">
          <li>
            <Link to={sectionLink('identity', 'apikey.new')} className="font-medium text-brand-700 underline underline-offset-2">
              Create an API key
            </Link>{' '}
            for this licence.
          </li>
          <li>
            Give it the role Administer User Create Update (users and user groups); to manage user groups Administer Role is enough. The key acts with its roles
            only: it cannot change a user who holds more power than it does.
          </li>
          <li>
            Paste the key as the directory’s secret token. It is sent as <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;key&gt;</code>.
          </li>
        </ol>
      </div>

      <div className="space-y-1">
        <h3 className="font-semibold text-slate-900">What is mapped</h3>
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">SCIM attributes and the user fields they set</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1.5 pr-4 font-medium">
                  SCIM attribute
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  User field
                </th>
              </tr>
            </thead>
            <tbody>
              {SCIM_USER_MAPPING.map((row) => (
                <tr key={row.scim} className="border-b border-slate-100">
                  <td className="py-1.5 pr-4 font-mono text-xs">{row.scim}</td>
                  <td className="py-1.5">{row.console}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Groups are this licence’s user groups, their members its users. A group’s roles, projects and product licenses stay set here in the console; a member
          joining a group takes its product licenses’ seats, and a full product license refuses the change.
        </p>
      </div>

      <div className="space-y-1">
        <h3 className="font-semibold text-slate-900">Deprovisioning</h3>
        <p>
          Setting <code className="rounded bg-slate-100 px-1">active</code> to false, or deleting the user, deactivates the account at once and ends its
          sessions. The account, its history and its audit trail stay, so a reactivation brings it back (without its old sessions). Every change shows in
          History as made by the key, via SCIM.
        </p>
      </div>
    </section>
  );
}
