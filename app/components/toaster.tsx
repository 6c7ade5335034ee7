import { createRoot } from "react-dom/client";
import { Toaster, toast } from "sonner";
import type { Toast } from "./toast.ts";

let mounted = false;

/** Mounts sonner's toaster in a root of its own, once, and shows one toast. */
export function show({ title, description, variant = "success" }: Toast) {
  if (!mounted) {
    mounted = true;
    const container = document.createElement("div");
    document.body.append(container);
    const theme = document.documentElement.classList.contains("dark") ? "dark" : "light";
    createRoot(container).render(<Toaster closeButton richColors theme={theme} />);
  }
  // sonner replays toasts created before its Toaster subscribed.
  if (variant === "error") toast.error(title, { description });
  else toast.success(title, { description });
}
