// Tabs per the WAI-ARIA pattern: arrow keys, Home and End move between tabs;
// only the selected tab is in the tab order. The chosen tab is kept in the
// URL's hash, so a reload or a shared link opens the same one. On a phone the
// tabs share the width (labels wrap) rather than scroll: a tab out of sight
// would give no cue that it is there.
import { useEffect, useRef, useState, type ReactNode } from "react";

export type TabSpec = { id: string; label: string; content: () => ReactNode };

export function Tabs({ tabs, label }: { tabs: TabSpec[]; label: string }) {
  const [selected, setSelected] = useState(tabs[0]!.id);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const ids = tabs.map((tab) => tab.id).join(" ");
  useEffect(() => {
    const follow = () => {
      const fromHash = window.location.hash.slice(1);
      if (ids.split(" ").includes(fromHash)) setSelected(fromHash);
    };
    // The server rendered the first tab; the hash is only known here.
    const first = setTimeout(follow, 0);
    window.addEventListener("hashchange", follow);
    return () => (clearTimeout(first), window.removeEventListener("hashchange", follow));
  }, [ids]);

  const choose = (id: string, focus: boolean) => {
    setSelected(id);
    window.history.replaceState(window.history.state, "", `#${id}`);
    if (focus) buttons.current.get(id)?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(tabs[(next + tabs.length) % tabs.length]!.id, true);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="grid auto-cols-fr grid-flow-col gap-1 border-b border-slate-300 sm:flex dark:border-slate-700"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={selected === tab.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={selected === tab.id ? 0 : -1}
            onClick={() => choose(tab.id, false)}
            className={
              "-mb-px min-h-10 cursor-pointer border-b-2 border-transparent px-2 text-sm leading-tight " +
              "font-semibold text-slate-700 sm:px-4 sm:text-base sm:whitespace-nowrap hover:text-slate-950 " +
              "aria-selected:border-brand-700 aria-selected:text-brand-700 dark:text-slate-300 " +
              "dark:hover:text-white dark:aria-selected:border-brand-300 dark:aria-selected:text-brand-300"
            }
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={selected !== tab.id}
          tabIndex={0}
          className="pt-4 focus-visible:outline-2"
        >
          {selected === tab.id ? tab.content() : null}
        </div>
      ))}
    </div>
  );
}
