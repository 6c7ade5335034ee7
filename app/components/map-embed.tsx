import { MapPin } from "lucide-react";
import { useState } from "react";

export type MapEmbedProps = {
  /** The map provider's embed URL: requested only after the visitor's click. */
  embedUrl: string;
  placeholder: string;
  button: string;
  privacyNote: string;
  caption: string;
  frameTitle: string;
};

/** A two-click map: nothing is requested from the provider until the visitor asks for it. */
export function MapEmbed(props: MapEmbedProps) {
  const [loaded, setLoaded] = useState(false);
  return (
    <figure>
      <div
        className={
          "aspect-[4/3] w-full lg:aspect-[21/9] overflow-hidden rounded-xl border " +
          "border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800"
        }
      >
        {loaded ? (
          <iframe
            src={props.embedUrl}
            title={props.frameTitle}
            className="size-full border-0"
            referrerPolicy="no-referrer"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-4 p-6 text-center">
            <MapPin aria-hidden="true" className="size-10 text-brand-700 dark:text-brand-300" />
            <p className="text-slate-700 dark:text-slate-300">{props.placeholder}</p>
            <button
              type="button"
              onClick={() => setLoaded(true)}
              className={
                "inline-flex min-h-11 cursor-pointer items-center rounded-md " +
                "bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900"
              }
            >
              {props.button}
            </button>
            <p className="text-sm text-slate-700 dark:text-slate-300">{props.privacyNote}</p>
          </div>
        )}
      </div>
      {loaded ? (
        <figcaption className="mt-2 text-sm text-slate-700 dark:text-slate-300">{props.caption}</figcaption>
      ) : null}
    </figure>
  );
}
