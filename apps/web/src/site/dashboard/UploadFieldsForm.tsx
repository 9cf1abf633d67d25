import { SelectField } from '../../ui/Field.tsx';
import { RATINGS, VISIBILITIES, withTag, type UploadFields } from './upload-fields.ts';

/** Title, tags (with suggestions), rating, source, sticker flag and visibility of one upload. */
export function UploadFieldsForm({
  id,
  fields,
  onChange,
  suggestions,
  disabled,
}: {
  id: string;
  fields: UploadFields;
  onChange(f: UploadFields): void;
  suggestions: readonly string[];
  disabled?: boolean;
}) {
  const set = <K extends keyof UploadFields>(key: K, value: UploadFields[K]) => onChange({ ...fields, [key]: value });
  return (
    <fieldset className="lb-form" disabled={disabled}>
      <legend className="lb-visually-hidden">Details</legend>
      <label>
        Title
        <input type="text" value={fields.title} maxLength={140} onChange={(e) => set('title', e.target.value)} />
      </label>
      <label>
        Tags (comma-separated)
        <input type="text" name={`tags-${id}`} value={fields.tags} onChange={(e) => set('tags', e.target.value)} />
      </label>
      {suggestions.length > 0 && (
        <fieldset className="lb-suggestions" aria-label="Suggested tags">
          {suggestions.map((tag) => (
            <button key={tag} type="button" className="lb-button lb-button--quiet" onClick={() => set('tags', withTag(fields.tags, tag))}>
              + {tag}
            </button>
          ))}
        </fieldset>
      )}
      <SelectField label="Rating" value={fields.rating} choices={RATINGS} onValue={(v) => set('rating', v)} />
      <label>
        Source URL
        <input type="url" value={fields.source_post_url} onChange={(e) => set('source_post_url', e.target.value)} />
      </label>
      <SelectField label="Visibility" value={fields.visibility} choices={VISIBILITIES} onValue={(v) => set('visibility', v)} />
      <label className="lb-check">
        <input type="checkbox" checked={fields.is_sticker} onChange={(e) => set('is_sticker', e.target.checked)} />
        Sticker (keeps transparency)
      </label>
    </fieldset>
  );
}
