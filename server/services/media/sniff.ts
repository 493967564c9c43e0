import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

/** How many bytes are read to recognise an SVG document. */
const SVG_HEAD_BYTES = 4096;

/**
 * The SVG root after an optional BOM, XML declaration, comments, processing instructions
 * and a DOCTYPE without an internal subset. A DOCTYPE with `[...]` (where entity tricks
 * live) is not recognised, so such a file is refused as an unknown type.
 */
const SVG_HEAD = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<\?[^>]*\?>)\s*)*(<!DOCTYPE\s+svg[^>[]*>\s*)?((<!--[\s\S]*?-->|<\?[^>]*\?>)\s*)*<svg[\s>/]/i;

async function looksLikeSvg(file: string): Promise<boolean> {
  const handle = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(SVG_HEAD_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SVG_HEAD_BYTES, 0);
    const head = buf.subarray(0, bytesRead);
    if (head.includes(0)) return false; // binary
    return SVG_HEAD.test(head.toString('utf8'));
  } finally {
    await handle.close();
  }
}

/** The MIME type of a file judged by its bytes alone, or undefined when it is not recognised. */
export async function sniffMimeType(file: string): Promise<string | undefined> {
  const detected = await fileTypeFromFile(file);
  // file-type knows binary signatures; SVG is XML text (it calls `<?xml …` plain XML).
  if (detected && detected.mime !== 'application/xml') return detected.mime;
  if (await looksLikeSvg(file)) return 'image/svg+xml';
  return detected?.mime;
}
