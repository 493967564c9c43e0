/**
 * Pictures for the demo catalog: a stylised tractor per brand colour and pose, drawn as SVG
 * and turned into JPEG by sharp, so the demo needs no binary assets and no network.
 */
import sharp from 'sharp';

export interface DemoPicture {
  /** File name shown in the media library. */
  name: string;
  title: { en: string; it: string };
  jpeg: Promise<Buffer>;
}

const SKIES = [
  ['#9fd4ff', '#eef7ff'],
  ['#ffd8a8', '#fff4e6'],
  ['#b2f2bb', '#f4fce3'],
] as const;

function tractorSvg(body: string, rims: string, pose: number): string {
  const [top, bottom] = SKIES[pose % SKIES.length];
  const flip = pose % 2 === 1 ? 'translate(800,0) scale(-1,1)' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 800 600">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#sky)"/>
  <circle cx="${120 + pose * 210}" cy="110" r="48" fill="#fff3bf" opacity="0.9"/>
  <path d="M0 470 Q200 440 400 470 T800 460 V600 H0Z" fill="#74a33a"/>
  <path d="M0 520 Q240 495 520 525 T800 515 V600 H0Z" fill="#5c8a2c"/>
  <g transform="${flip}">
    <rect x="430" y="295" width="200" height="85" rx="14" fill="${body}"/>
    <rect x="240" y="270" width="230" height="125" rx="16" fill="${body}"/>
    <rect x="250" y="140" width="175" height="150" rx="12" fill="#2b2b2b"/>
    <rect x="265" y="156" width="145" height="118" rx="8" fill="#a5d8ff" opacity="0.85"/>
    <rect x="575" y="215" width="14" height="85" rx="4" fill="#495057"/>
    <circle cx="310" cy="420" r="112" fill="#212529"/>
    <circle cx="310" cy="420" r="58" fill="${rims}"/>
    <circle cx="310" cy="420" r="18" fill="#343a40"/>
    <circle cx="575" cy="448" r="72" fill="#212529"/>
    <circle cx="575" cy="448" r="34" fill="${rims}"/>
    <circle cx="575" cy="448" r="11" fill="#343a40"/>
  </g>
</svg>`;
}

const POSES = [
  { en: 'in the field', it: 'in campo' },
  { en: 'at sunset', it: 'al tramonto' },
  { en: 'in spring', it: 'in primavera' },
];

/** `count` pictures of a brand's tractor, in different skies and facing either way. */
export function demoPictures(brand: { code: string; name: string; color: string }, count: number): DemoPicture[] {
  const rims = brand.code === 'LA' ? '#c9a227' : '#f1f3f5';
  return Array.from({ length: count }, (_, i) => {
    const pose = POSES[i % POSES.length];
    return {
      name: `${brand.code.toLowerCase()}-tractor-${i + 1}.jpg`,
      title: { en: `${brand.name} tractor ${pose.en}`, it: `Trattore ${brand.name} ${pose.it}` },
      jpeg: sharp(Buffer.from(tractorSvg(brand.color, rims, i))).jpeg({ quality: 82 }).toBuffer(),
    };
  });
}
