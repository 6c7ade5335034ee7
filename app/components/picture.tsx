import { IMAGE_FORMATS, IMAGE_KINDS, imageUrl, type ImageKind } from "#content/images.ts";

/**
 * A generated image as <picture>: AVIF and WebP at every width it is made in,
 * with its intrinsic size so the layout never shifts.
 */
export function Picture(props: {
  kind: ImageKind;
  name: string;
  alt: string;
  /** The sizes attribute: how wide the image is shown. */
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  const { width, height, widths } = IMAGE_KINDS[props.kind];
  const srcSet = (format: (typeof IMAGE_FORMATS)[number]) =>
    widths.map((w) => `${imageUrl(props.kind, props.name, w, format)} ${w}w`).join(", ");
  return (
    <picture>
      {IMAGE_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet(format)} sizes={props.sizes} />
      ))}
      <img
        src={imageUrl(props.kind, props.name, widths.at(-1)!, "webp")}
        alt={props.alt}
        width={width}
        height={height}
        loading={props.priority ? "eager" : "lazy"}
        fetchPriority={props.priority ? "high" : undefined}
        decoding="async"
        className={props.className}
      />
    </picture>
  );
}
