import assets from "virtual:islands-assets";

/** The islands script of a public page, with its chunks preloaded. */
export function IslandScripts() {
  return (
    <>
      {assets.preload.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {assets.devRuntime ? <script type="module" src={assets.devRuntime} /> : null}
      <script type="module" src={assets.entry} />
    </>
  );
}
