import type { PublicGifChoice } from './schedule-api.ts';
import { formatCount } from '../../ui/format.ts';

/** The two answers to "this GIF is public now: what until its time?", in the words the page uses. */
export const PUBLIC_GIF_ANSWERS: { value: PublicGifChoice; label: string; says: (when: string) => string }[] = [
  {
    value: 'private_until_publish',
    label: 'Make it private until then',
    says: (when) => `Its link answers “not found” and it leaves search and your profile until ${when}, then it is public again.`,
  },
  {
    value: 'stay_public',
    label: 'Keep it public',
    says: (when) => `It stays public everywhere; only its promotion to trending waits for ${when}.`,
  },
];

/**
 * Asked before scheduling GIFs of which some are public now: private until the time, or public all
 * along with only the promotion scheduled. Nothing is chosen until the creator chooses.
 */
export function PublicGifQuestion({
  count,
  when,
  value,
  onChange,
}: {
  count: number;
  when: string;
  value: PublicGifChoice | undefined;
  onChange: (v: PublicGifChoice) => void;
}) {
  return (
    <fieldset className="lb-schedule__ask">
      <legend>
        {count === 1 ? 'One of these GIFs is public now.' : `${formatCount(count)} of these GIFs are public now.`} Until {when}:
      </legend>
      {PUBLIC_GIF_ANSWERS.map((answer) => (
        <label key={answer.value} className="lb-check lb-schedule__answer">
          <input
            type="radio"
            name="public-gifs"
            value={answer.value}
            checked={value === answer.value}
            onChange={() => onChange(answer.value)}
            required
          />
          <span>
            <strong>{answer.label}</strong> — {answer.says(when)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
