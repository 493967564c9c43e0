/**
 * The allow-list of uploads, by the type sniffed from the bytes (the client's claim and the
 * file's extension are ignored). `kind` decides what is made of it: raster images get a
 * thumbnail and a web-sized variant, SVG a thumbnail; `inline` says whether a browser may
 * show it in place (else it is served as a download). Only raster images are shown with
 * their own abilities; everything else is served sandboxed (serve.ts), so a PDF is a
 * download: Chrome refuses to run its PDF viewer in a sandbox.
 */
export type MediaKind = 'raster' | 'svg' | 'video' | 'audio' | 'document';

export interface AllowedType {
  mime: string;
  ext: string;
  /** Other extensions that name the same type. */
  alsoExt?: readonly string[];
  kind: MediaKind;
  inline: boolean;
  /** Raster formats that may hold several frames: variants keep the animation. */
  animated?: boolean;
}

const TYPES: AllowedType[] = [
  { mime: 'image/jpeg', ext: 'jpg', alsoExt: ['jpeg', 'jpe'], kind: 'raster', inline: true },
  { mime: 'image/png', ext: 'png', kind: 'raster', inline: true },
  { mime: 'image/webp', ext: 'webp', kind: 'raster', inline: true, animated: true },
  { mime: 'image/gif', ext: 'gif', kind: 'raster', inline: true, animated: true },
  { mime: 'image/avif', ext: 'avif', kind: 'raster', inline: true },
  { mime: 'image/svg+xml', ext: 'svg', kind: 'svg', inline: false },
  { mime: 'video/mp4', ext: 'mp4', kind: 'video', inline: true },
  { mime: 'video/webm', ext: 'webm', kind: 'video', inline: true },
  { mime: 'video/ogg', ext: 'ogv', kind: 'video', inline: true },
  { mime: 'audio/mpeg', ext: 'mp3', kind: 'audio', inline: true },
  { mime: 'audio/ogg', ext: 'ogg', alsoExt: ['oga', 'opus'], kind: 'audio', inline: true },
  { mime: 'audio/wav', ext: 'wav', kind: 'audio', inline: true },
  { mime: 'application/pdf', ext: 'pdf', kind: 'document', inline: false },
  { mime: 'application/zip', ext: 'zip', kind: 'document', inline: false },
  { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx', kind: 'document', inline: false },
  { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx', kind: 'document', inline: false },
  { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: 'pptx', kind: 'document', inline: false },
  { mime: 'application/vnd.oasis.opendocument.text', ext: 'odt', kind: 'document', inline: false },
  { mime: 'application/vnd.oasis.opendocument.spreadsheet', ext: 'ods', kind: 'document', inline: false },
  { mime: 'application/vnd.oasis.opendocument.presentation', ext: 'odp', kind: 'document', inline: false },
];

/** The extensions of the raster types: a rendition's original has one of them. */
export const RASTER_EXTS = TYPES.filter((t) => t.kind === 'raster').map((t) => t.ext);

const BY_MIME = new Map(TYPES.map((t) => [t.mime, t]));

/** Names file-type gives that mean one of ours. */
const ALIASES: Record<string, string> = {
  'audio/ogg; codecs=opus': 'audio/ogg',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-wav': 'audio/wav',
};

export function allowedType(mime: string): AllowedType | undefined {
  const m = mime.toLowerCase();
  return BY_MIME.get(ALIASES[m] ?? m);
}

/** The top-level type: `image/png` → `image`. */
export const mimeGroup = (mime: string) => mime.split('/')[0] ?? '';

/**
 * A file's name with the extension of its sniffed type: one that names another type is
 * replaced, a missing one appended. A browser picks the program that opens a download
 * by its extension, so an SVG named `Fattura.html` would open as a page, a ZIP named
 * `Setup.exe` would run.
 */
export function nameForType(name: string, type: AllowedType): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  const ext = m?.[1]?.toLowerCase();
  if (ext === type.ext || (ext !== undefined && type.alsoExt?.includes(ext))) return name;
  return `${m ? name.slice(0, m.index) : name}.${type.ext}`;
}

/** Raster images and SVG get variants (images.ts), made off the request path by a `media_variants` job. */
export const hasVariants = (type: AllowedType) => type.kind === 'raster' || type.kind === 'svg';
