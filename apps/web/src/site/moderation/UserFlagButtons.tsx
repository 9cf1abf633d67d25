import type { UserFlag } from '@loopbox/pages';
import { Button } from '../../ui/Button.tsx';
import type { FoundUser } from './moderation-api.ts';

export interface FlagChange {
  flag: UserFlag;
  to: boolean;
  /** What the console says once it is done. */
  done: string;
}

/** Each flag's button, by the user's current value: what pressing it does, and what is then said. */
const BUTTONS: { flag: UserFlag; when: Record<'true' | 'false', { label: string; done: string }> }[] = [
  {
    flag: 'is_verified',
    when: { false: { label: 'Verify', done: 'verified' }, true: { label: 'Remove verified badge', done: 'verified badge removed' } },
  },
  {
    flag: 'is_public',
    when: { true: { label: 'Hide profile', done: 'profile hidden' }, false: { label: 'Show profile', done: 'profile shown' } },
  },
  {
    flag: 'suppress_chrome',
    when: { false: { label: 'Suppress chrome', done: 'chrome suppressed' }, true: { label: 'Show chrome', done: 'chrome shown' } },
  },
];

/** Staff's controls for a user's flags (`user.flag`): verify, hide the profile, suppress the attribution chrome, and undo each. Every change is an audited event. */
export function UserFlagButtons({ user, busy, onChange }: { user: FoundUser; busy: boolean; onChange: (change: FlagChange) => void }) {
  return (
    <fieldset className="lb-button-row" aria-label={`Flags of ${user.username}`}>
      {BUTTONS.map(({ flag, when }) => {
        const { label, done } = when[String(user[flag]) as 'true' | 'false'];
        return (
          <Button key={flag} disabled={busy} onClick={() => onChange({ flag, to: !user[flag], done })}>
            {label}
          </Button>
        );
      })}
    </fieldset>
  );
}
