import { Card, useSession } from 'shared';

/** Home: where to go from here. */
export function HomePage() {
  const userName = useSession((s) => s.userName);
  return (
    <div className="mx-auto max-w-3xl py-10">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome{userName ? `, ${userName}` : ''}</h1>
      <Card className="mt-6">
        <p className="text-slate-700">
          Use the links across the top to manage Users, Projects, Sites and your own account profile.
        </p>
      </Card>
    </div>
  );
}
