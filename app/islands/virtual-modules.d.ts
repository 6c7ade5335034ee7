declare module "virtual:islands-assets" {
  /**
   * URLs of the public pages' scripts: the chrome entry and the chunks it
   * imports, the hydrator's chunks, and each dynamically loaded module's chunks
   * by its source path (the islands). Development serves sources: no preloads.
   */
  const assets: {
    entry: string;
    preload: string[];
    hydrator: string[];
    modules: Record<string, string[]>;
    devRuntime?: string;
  };
  export default assets;
}
