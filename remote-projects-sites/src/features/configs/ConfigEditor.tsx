import { useState, type FormEvent } from 'react';
import { configProblems, ConfigMessages, type Config, type ConfigData, type RelatedConfigs } from 'contracts/licensing';
import { Alert, Button, FormField, Switch, Textarea } from 'kit';
import { useUnsavedChanges } from 'shared';
import { blankNumbers, entryMessages, jsonOf, messagesAt, parseConfigJson, sameData, withValue } from './configDraft';
import { ParameterField } from './ParameterField';

/** Props of {@link ConfigEditor}. */
export interface ConfigEditorProps {
  /** The config as saved: the draft starts from it (the editor is keyed on the query's fetch). */
  config: Config;
  /** The owner's saved EnforceStorageLevels and ReceiptPost, which the rules check against. */
  related: RelatedConfigs;
  editable: boolean;
  /** The JSON view (spec 1 §2: for all-licence administrators). */
  jsonView: boolean;
  saving: boolean;
  onSave(data: ConfigData): Promise<unknown>;
}

/**
 * One config's editor: a field per parameter, each with the rules' messages under it as the
 * user types (configProblems, the licensing model's: the API applies the same), or, for
 * super administrators, the config's JSON in a text area checked by the same rules. Save waits
 * for a change and no problem; Discard goes back to what is saved; leaving with a change asks.
 */
export function ConfigEditor({ config, related, editable, jsonView, saving, onSave }: ConfigEditorProps) {
  const [draft, setDraft] = useState<ConfigData>(config.data);
  const [json, setJson] = useState<{ text: string; valid: boolean } | null>(null);

  const problems = configProblems(config.name, draft, related);
  const blanks = blankNumbers(draft);
  const jsonInvalid = json !== null && !json.valid;
  const dirty = jsonInvalid || !sameData(draft, config.data);
  const canSave = editable && dirty && problems.length === 0 && blanks.length === 0 && !jsonInvalid;
  useUnsavedChanges(editable && dirty && !saving);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || saving) return;
    // A failure is the mutation's toast; the configs are read again, and this editor starts over.
    onSave(draft).catch(() => undefined);
  };

  const discard = () => {
    setDraft(config.data);
    setJson((current) => (current ? { text: jsonOf(config.data), valid: true } : null));
  };

  const typeJson = (text: string) => {
    const parsed = parseConfigJson(text);
    setJson({ text, valid: parsed !== null });
    if (parsed) setDraft(parsed);
  };

  const single = draft.configs.length === 1;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {jsonView ? (
        <Switch
          label="JSON view"
          checked={json !== null}
          // Back to the fields only from valid JSON: the fields show what the JSON says.
          disabled={jsonInvalid}
          onCheckedChange={(on) => setJson(on ? { text: jsonOf(draft), valid: true } : null)}
        />
      ) : null}
      {json !== null ? (
        <div className="space-y-3">
          <FormField label={`JSON of ${config.name}`} error={json.valid ? undefined : ConfigMessages.jsonInvalid}>
            <Textarea
              rows={16}
              spellCheck={false}
              className="font-mono text-xs"
              value={json.text}
              disabled={!editable}
              onChange={(event) => typeJson(event.target.value)}
            />
          </FormField>
          {json.valid && problems.length + blanks.length > 0 ? (
            <Alert variant="danger" title="This config cannot be saved:">
              <ul className="list-disc pl-4">
                {[...new Set(problems.map((problem) => problem.message))].map((message) => (
                  <li key={message}>{message}</li>
                ))}
                {blanks.length > 0 ? <li>{ConfigMessages.numberRequired}</li> : null}
              </ul>
            </Alert>
          ) : null}
        </div>
      ) : draft.configs.every((entry) => entry.parameters.length === 0) ? (
        <p className="text-slate-600">This config has no parameters.</p>
      ) : (
        draft.configs.map((entry, e) => (
          <fieldset key={e} className="min-w-0 space-y-3">
            <legend className={single && entry.property === config.name ? 'sr-only' : 'mb-1 text-sm font-semibold text-slate-900'}>{entry.property}</legend>
            {entryMessages(problems, draft, e).map((message) => (
              <p key={message} role="alert" className="text-xs font-medium text-red-600">
                {message}
              </p>
            ))}
            <div className="grid max-w-3xl gap-4 sm:grid-cols-2">
              {entry.parameters.map((parameter, p) => (
                <ParameterField
                  key={`${p}:${parameter.name}`}
                  parameter={parameter}
                  errors={messagesAt(problems, e, p)}
                  disabled={!editable}
                  onChange={(value) => setDraft((current) => withValue(current, e, p, value))}
                />
              ))}
            </div>
          </fieldset>
        ))
      )}
      {editable ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" loading={saving} disabled={!canSave}>
            Save
          </Button>
          <Button variant="secondary" onClick={discard} disabled={!dirty || saving}>
            Discard
          </Button>
        </div>
      ) : null}
    </form>
  );
}
