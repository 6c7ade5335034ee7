declare module "virtual:islands-assets" {
  /** URLs of the islands bundle: its entry and the chunks the entry imports. */
  const assets: { entry: string; preload: string[]; devRuntime?: string };
  export default assets;
}
