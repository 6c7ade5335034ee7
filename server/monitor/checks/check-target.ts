// Picks the check for a target: "url" is HTTP, "tcp" is a connection check.
import type { CheckTarget } from "./check.ts";
import { checkHttp } from "./http-check.ts";
import { checkTcp } from "./tcp-check.ts";

export const checkTarget: CheckTarget = (target, options) => ("url" in target ? checkHttp(target, options) : checkTcp(target, options));
