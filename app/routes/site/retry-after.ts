// A page's answer carries only the cookies of its action unless the route
// says which headers go with it: a form post refused for a while (too many, a
// full disk) tells the browser when to try again, as the API does.
import type { HeadersArgs } from "react-router";

export function retryAfterHeaders({ actionHeaders }: HeadersArgs): Record<string, string> {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
