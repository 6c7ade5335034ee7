import { Loader2 } from "lucide-react";

export function FullScreenSpinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-screen flex-col items-center justify-center gap-4">
      <Loader2 aria-hidden="true" className="size-10 animate-spin text-brand-700 dark:text-brand-300" />
      <p className="text-lg font-medium">{label}</p>
    </div>
  );
}
