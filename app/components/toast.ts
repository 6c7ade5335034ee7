// Short notices ("Message sent"), for the public pages and the staff area
// alike. Plain DOM: a page that never shows one loads nothing for it, and the
// public pages need no framework to show one.
export type Toast = { title: string; description: string; variant?: "success" | "error" };

/** How long a toast stays, unless the pointer rests on it. */
export const TOAST_MS = 6_000;

const VARIANT_CLASS = {
  success:
    "border-emerald-300 bg-emerald-50 text-emerald-900 " +
    "dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100",
} as const;

let region: HTMLOListElement | undefined;

/**
 * The list of toasts, inside the live region they are announced from: polite, so they never interrupt. The region
 * is a wrapper of its own: a list given the status role is no list any more, and its items would stand outside one.
 */
function toastRegion(): HTMLOListElement {
  if (region?.isConnected) return region;
  const live = document.createElement("div");
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.className = "fixed right-4 bottom-4 z-[60] w-[calc(100%-2rem)] max-w-sm sm:w-full";
  region = document.createElement("ol");
  region.className = "flex flex-col gap-2";
  live.append(region);
  document.body.append(live);
  return region;
}

export function showToast({ title, description, variant = "success" }: Toast): void {
  const item = document.createElement("li");
  item.dataset.toast = variant;
  item.className = `rounded-lg border p-4 text-sm shadow-lg ${VARIANT_CLASS[variant]}`;
  const heading = document.createElement("p");
  heading.className = "font-semibold";
  heading.textContent = title;
  const body = document.createElement("p");
  body.className = "mt-1";
  body.textContent = description;
  item.append(heading, body);
  toastRegion().append(item);

  let timer = setTimeout(() => item.remove(), TOAST_MS);
  item.addEventListener("pointerenter", () => clearTimeout(timer));
  item.addEventListener("pointerleave", () => (timer = setTimeout(() => item.remove(), TOAST_MS)));
  item.addEventListener("click", () => item.remove());
}
