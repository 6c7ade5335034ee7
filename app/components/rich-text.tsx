import type { Block, Inline } from "#content/types.ts";

const linkClass = "font-medium text-brand-700 underline hover:no-underline dark:text-brand-300";

function isExternal(href: string) {
  return /^https?:\/\//.test(href);
}

export function InlineText({ content }: { content: string | Inline[] }) {
  if (typeof content === "string") return content;
  return content.map((part, index) =>
    typeof part === "string" ? (
      part
    ) : (
      <a
        key={index}
        href={part.href}
        className={linkClass}
        {...(isExternal(part.href) ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {part.text}
      </a>
    ),
  );
}

/** Rich text from content blocks: paragraphs, headings, lists, addresses. Never raw HTML. */
export function RichText({ blocks }: { blocks: readonly Block[] }) {
  return blocks.map((block, index) => {
    switch (block.type) {
      case "p":
        return (
          <p key={index} className="mt-4 leading-relaxed text-slate-700 dark:text-slate-300">
            <InlineText content={block.text} />
          </p>
        );
      case "h2":
        return (
          <h2 key={index} className="mt-10 text-2xl font-bold tracking-tight">
            {block.text}
          </h2>
        );
      case "h3":
        return (
          <h3 key={index} className="mt-6 text-lg font-semibold">
            {block.text}
          </h3>
        );
      case "ul":
        return (
          <ul
            key={index}
            className={
              "mt-4 list-disc space-y-2 pl-6 text-slate-700 " +
              "marker:text-brand-700 dark:text-slate-300 " +
              "dark:marker:text-brand-300"
            }
          >
            {block.items.map((item, i) => (
              <li key={i}>
                <InlineText content={item} />
              </li>
            ))}
          </ul>
        );
      case "address":
        return (
          <address key={index} className="mt-4 leading-relaxed text-slate-700 not-italic dark:text-slate-300">
            {block.lines.map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </address>
        );
    }
  });
}
