/**
 * The website's one stylesheet: small, served under a name that carries its hash, so it is
 * cached for a year and a new version is a new URL. The site's primary colour only tints
 * borders (`--brand`); text keeps colours that read at 4.5:1 on white whatever the dealer picks.
 */
import { createHash } from 'node:crypto';

const CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1b1b1b;background:#fff;--brand:#2f6b10}
body{margin:0}
a{color:#0b57a4}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid #0b57a4;outline-offset:2px}
img{max-width:100%;height:auto}
.wrap{max-width:72rem;margin:0 auto;padding:0 1rem}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem;z-index:1}
.skip:focus{left:1rem}
header.site{border-top:6px solid var(--brand);border-bottom:1px solid #ddd}
.bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:1rem;padding:.75rem 0}
.brand{font-size:1.25rem;font-weight:700;color:inherit;text-decoration:none;display:flex;align-items:center;gap:.5rem}
.brand img{max-height:3rem;width:auto}
nav ul{list-style:none;margin:0;padding:0}
nav.menu>ul{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;padding-bottom:.75rem}
nav.menu ul ul{padding-left:1rem;font-size:.95rem}
nav.langs ul{display:flex;gap:.75rem}
nav a,.pager a{display:inline-block;min-height:1.5rem;padding:.15rem 0}
nav.menu ul ul li{margin:.2rem 0}
[aria-current="page"]{font-weight:700}
main{padding:1.5rem 0 3rem}
h1{font-size:2rem;line-height:1.2;margin:0 0 1rem}
.hero{background:#f3f5f0;padding:2rem 1rem;margin-bottom:2rem;border-left:6px solid var(--brand)}
.lead{font-size:1.15rem}
.button{display:inline-block;background:#1b1b1b;color:#fff;padding:.6rem 1.1rem;border-radius:4px;text-decoration:none;font-weight:600}
.cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1.25rem}
.card{border:1px solid #ddd;border-radius:6px;overflow:hidden;display:flex;flex-direction:column}
.card img{display:block;width:100%;aspect-ratio:3/2;object-fit:cover}
.card div{padding:.75rem 1rem}
.card h2,.card h3{font-size:1.1rem;margin:0 0 .5rem}
.price{font-weight:700;font-size:1.1rem}
.badge{display:inline-block;background:#1b1b1b;color:#fff;font-size:.8rem;padding:.1rem .5rem;border-radius:3px}
.gallery{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:.75rem}
.gallery li:first-child{grid-column:1/-1;max-width:48rem}
.gallery img{display:block}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1.5rem}
.facts dt{font-weight:600}
.facts dd{margin:0}
.blocks section{margin:2rem 0}
.pager ul{display:flex;gap:1rem;align-items:center}
footer.site{border-top:1px solid #ddd;padding:1.5rem 0;font-size:.95rem;background:#f7f7f7}
footer.site ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:1rem}
table.hours td,table.hours th{text-align:left;padding:.15rem 1rem .15rem 0}
address{font-style:normal;white-space:pre-line}
`.trim();

const HASH = createHash('sha256').update(CSS).digest('hex').slice(0, 12);

/** Where the stylesheet is served: under `/_site/`, a prefix no path of the website (all under a language) can take. */
export const STYLESHEET_PREFIX = '/_site/';
export const STYLESHEET_FILE = `site-${HASH}.css`;
export const STYLESHEET_URL = `${STYLESHEET_PREFIX}${STYLESHEET_FILE}`;
export const STYLESHEET = CSS;
