import { useEffect } from "react";

/** Logs the path of a not-found page to the browser console, where a developer following a broken link looks. */
export function NotFoundLogger() {
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", window.location.pathname);
  }, []);
  return null;
}
