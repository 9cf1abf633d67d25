import { MAX_SEARCH_TERM_LENGTH, SEARCH_BOX_LABEL, searchPath } from '@loopbox/pages';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { SearchIcon } from '../display/icons.tsx';
import { useSite } from '../shell/site-context.tsx';
import { nextActive, suggestionGroups, type SuggestionGroup } from './suggestions.ts';

/** Typing waits this long before asking for completions. */
const COMPLETION_DEBOUNCE_MS = 150;
const COMPLETION_LIMIT = 8;
const TRENDING_LIMIT = 6;

/**
 * The header's search: a combobox (ARIA 1.2 pattern) that completes tags as you type
 * (`/v1/gifs/search/tags`) and, while empty, offers your recent searches and the trending ones.
 * Arrow keys move through the suggestions, Enter searches, Escape closes the list.
 */
export function SearchBox({ initialTerm = '' }: { initialTerm?: string }) {
  const { client, recentSearches } = useSite();
  const [, navigate] = useLocation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState(initialTerm);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [completions, setCompletions] = useState<{ prefix: string; tags: string[] }>({ prefix: '', tags: [] });
  const [trending, setTrending] = useState<string[]>([]);

  useEffect(() => setTerm(initialTerm), [initialTerm]);

  const prefix = term.trim();
  useEffect(() => {
    if (!open || !prefix) return undefined;
    const timer = setTimeout(() => {
      client.searchTags(prefix, { limit: COMPLETION_LIMIT }).then(
        (result) => setCompletions({ prefix, tags: result.data.map((t) => t.name) }),
        () => setCompletions({ prefix, tags: [] }),
      );
    }, COMPLETION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [client, open, prefix]);

  useEffect(() => {
    if (!open || prefix || trending.length) return;
    client.trendingSearches().then(
      (result) => setTrending(result.data.slice(0, TRENDING_LIMIT)),
      () => {},
    );
  }, [client, open, prefix, trending.length]);

  const groups: SuggestionGroup[] = open
    ? suggestionGroups({
        prefix,
        completions: completions.prefix === prefix ? completions.tags : [],
        recent: recentSearches.list(),
        trending,
      })
    : [];
  const options = groups.flatMap((group) => group.terms);
  const optionId = (index: number) => `${id}-option-${index}`;
  const expanded = options.length > 0;

  function search(chosen: string) {
    const clean = chosen.trim().slice(0, MAX_SEARCH_TERM_LENGTH);
    if (!clean) return;
    recentSearches.add(clean);
    setTerm(clean);
    setOpen(false);
    setActive(-1);
    input.current?.blur();
    navigate(searchPath(clean));
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => nextActive(current, step, options.length));
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && active >= 0 && options[active] !== undefined) {
      event.preventDefault();
      search(options[active]!);
    }
  }

  let index = -1;
  return (
    <search>
      <form
        className="lb-search"
        onSubmit={(event) => {
          event.preventDefault();
          search(term);
        }}
      >
        <label className="lb-visually-hidden" htmlFor={`${id}-input`}>
          {SEARCH_BOX_LABEL}
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          className="lb-search__input"
          data-theme="light"
          type="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={SEARCH_BOX_LABEL}
          maxLength={MAX_SEARCH_TERM_LENGTH}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={active >= 0 && active < options.length ? optionId(active) : undefined}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={keyDown}
        />
        <button className="lb-search__submit" type="submit" aria-label="Search">
          <SearchIcon />
        </button>
        <div
          id={`${id}-listbox`}
          role="listbox"
          aria-label="Search suggestions"
          className="lb-search__list"
          data-theme="light"
          hidden={!expanded}
        >
          {groups.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: a group of options inside the combobox's listbox (ARIA combobox pattern); <fieldset> cannot sit in a listbox
            <div key={group.label} role="group" aria-labelledby={`${id}-${group.kind}`} className="lb-search__group">
              <div id={`${id}-${group.kind}`} className="lb-search__group-label" role="presentation">
                {group.label}
              </div>
              {group.terms.map((suggestion) => {
                index += 1;
                const mine = index;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: a listbox option of the combobox; the focus stays in the input, whose onKeyDown (arrows, Enter, Escape) drives it through aria-activedescendant
                  <div
                    key={`${group.kind}-${suggestion}`}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={mine === active}
                    className="lb-search__option"
                    // Keep the focus in the input: a click must not blur it before it counts.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => search(suggestion)}
                  >
                    {suggestion}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </form>
    </search>
  );
}
