/**
 * Product pictures for the demo catalogue, drawn as SVG: each piece in brushed steel, gold-tone or
 * rose-gold on a studio background, with a second picture from another angle. Stored in the images
 * bucket and served at `/images/...` like any uploaded photo.
 */
import type { ProductType } from '#shared/product.ts';

export type Metal = 'steel' | 'gold' | 'rose';
export type Motif = 'plain' | 'heart' | 'star' | 'moon' | 'drop' | 'gem' | 'pearl' | 'clover' | 'infinity' | 'twist';

const METALS: Record<Metal, readonly string[]> = {
  steel: ['#fbfcfd', '#aeb3ba', '#eef0f3', '#80868e'],
  gold: ['#fff6d2', '#d3a73a', '#fbe39c', '#a37818'],
  rose: ['#ffe6dc', '#c98b75', '#f7cdbd', '#9a5d4b'],
};

const BACKDROPS = [
  ['#faf5ef', '#e4d8ca'],
  ['#f1f4ee', '#d3dbcb'],
  ['#f8eeea', '#e6d0c8'],
  ['#eef2f6', '#d0d9e2'],
] as const;

function defs(metal: Metal, backdrop: number): string {
  const [a, b, c, d] = METALS[metal];
  const [bg1, bg2] = BACKDROPS[backdrop % BACKDROPS.length]!;
  return (
    `<defs>
  <radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${bg1}"/><stop offset="1" ` +
    `stop-color="${bg2}"/></radialGradient>
  <linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset=".35" ` +
    `stop-color="${b}"/><stop offset=".6" stop-color="${c}"/><stop offset="1" stop-color="${d}"/></linearGradient>
  <radialGradient id="gem" cx="35%" cy="30%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset=".4" ` +
    `stop-color="#d6ecff"/><stop offset="1" stop-color="#7fa7c9"/></radialGradient>
  <radialGradient id="pearl" cx="35%" cy="30%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset=".6" ` +
    `stop-color="#f3ede4"/><stop offset="1" stop-color="#cfc4b5"/></radialGradient>
  <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
</defs>
<rect width="800" height="800" fill="url(#bg)"/>`
  );
}

function pendant(motif: Motif, x: number, y: number, size: number): string {
  const s = size;
  switch (motif) {
    case 'heart':
      return (
        `<path d="M${x} ${y + s * 0.9} C ${x - s * 1.4} ${y}, ${x - s * 0.7} ${y - s * 0.9}, ${x} ${y - s * 0.25} C ${x + s * 0.7} ` +
        `${y - s * 0.9}, ${x + s * 1.4} ${y}, ${x} ${y + s * 0.9} Z" fill="url(#metal)" stroke="#00000022" stroke-width="2"/>`
      );
    case 'star': {
      const points = Array.from({ length: 10 }, (_, i) => {
        const r = i % 2 === 0 ? s : s * 0.42;
        const angle = -Math.PI / 2 + (i * Math.PI) / 5;
        return `${(x + r * Math.cos(angle)).toFixed(1)},${(y + r * Math.sin(angle)).toFixed(1)}`;
      });
      return `<polygon points="${points.join(' ')}" fill="url(#metal)" stroke="#00000022" stroke-width="2"/>`;
    }
    case 'moon':
      // A disc with a smaller disc cut out of its upper right: a crescent.
      return (
        `<mask id="moon-cut"><rect width="800" height="800" fill="white"/><circle cx="${x + s * 0.45}" cy="${y - s * 0.25}" ` +
        `r="${s * 0.82}" fill="black"/></mask><circle cx="${x}" cy="${y}" r="${s}" fill="url(#metal)" mask="url(#moon-cut)"/>`
      );
    case 'drop':
      return (
        `<path d="M${x} ${y - s} C ${x + s * 0.2} ${y - s * 0.4}, ${x + s * 0.75} ${y}, ${x + s * 0.75} ${y + s * 0.35} ` +
        `A ${s * 0.75} ${s * 0.75} 0 1 1 ${x - s * 0.75} ${y + s * 0.35} ` +
        `C ${x - s * 0.75} ${y}, ${x - s * 0.2} ${y - s * 0.4}, ${x} ${y - s} Z" fill="url(#metal)" stroke="#00000022" stroke-width="2"/>`
      );
    case 'gem':
      return (
        `<circle cx="${x}" cy="${y}" r="${s * 0.75}" ` +
        `fill="url(#metal)"/><circle cx="${x}" cy="${y}" r="${s * 0.55}" fill="url(#gem)"/>`
      );
    case 'pearl':
      return `<circle cx="${x}" cy="${y}" r="${s * 0.7}" fill="url(#pearl)" stroke="#00000018" stroke-width="2"/>`;
    case 'clover':
      return [0, 90, 180, 270]
        .map(
          (deg) =>
            `<circle cx="${x + Math.cos((deg * Math.PI) / 180) * s * 0.45}" cy="${y + Math.sin((deg * Math.PI) / 180) * s * 0.45}" ` +
            `r="${s * 0.45}" fill="url(#metal)" stroke="#00000022" stroke-width="2"/>`,
        )
        .join('');
    case 'infinity':
      return (
        `<path d="M${x} ${y} C ${x - s * 0.5} ${y - s * 0.6}, ${x - s * 1.3} ${y - s * 0.6}, ${x - s * 1.3} ${y} ` +
        `S ${x - s * 0.5} ${y + s * 0.6}, ${x} ${y} S ${x + s * 1.3} ${y - s * 0.6}, ${x + s * 1.3} ${y} ` +
        `S ${x + s * 0.5} ${y + s * 0.6}, ${x} ${y} Z" fill="none" stroke="url(#metal)" stroke-width="${s * 0.22}"/>`
      );
    case 'twist':
    case 'plain':
      return '';
  }
}

function shadow(cx: number, cy: number, rx: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx * 0.12}" fill="#00000030" filter="url(#soft)"/>`;
}

function ring(motif: Motif): string {
  const band =
    `<ellipse cx="400" cy="460" rx="200" ry="120" fill="none" stroke="url(#metal)" ` +
    `stroke-width="${motif === 'twist' ? 26 : 36}"/>
<ellipse cx="400" cy="452" rx="188" ry="110" fill="none" stroke="#ffffff" stroke-opacity=".45" stroke-width="4"/>`;
  const twist =
    motif === 'twist'
      ? `<ellipse cx="400" cy="470" rx="200" ry="120" fill="none" stroke="url(#metal)" stroke-width="20" stroke-dasharray="40 22"/>`
      : '';
  const top = motif === 'plain' || motif === 'twist' ? '' : pendant(motif, 400, 330, 52);
  return shadow(400, 610, 230) + band + twist + top;
}

function necklace(motif: Motif): string {
  const chain =
    `<path d="M140 90 C 150 520, 650 520, 660 90" fill="none" stroke="url(#metal)" ` +
    `stroke-width="7" stroke-dasharray="13 7" stroke-linecap="round"/>`;
  const bail = `<circle cx="400" cy="418" r="11" fill="none" stroke="url(#metal)" stroke-width="6"/>`;
  return shadow(400, 640, 140) + chain + bail + pendant(motif === 'plain' ? 'drop' : motif, 400, 500, 70);
}

function earrings(motif: Motif): string {
  const one = (x: number) => {
    const stud = `<circle cx="${x}" cy="240" r="16" fill="url(#metal)"/>`;
    if (motif === 'plain' || motif === 'twist') {
      return (
        `${stud}<circle cx="${x}" cy="380" r="125" fill="none" stroke="url(#metal)" stroke-width="22"/><circle cx="${x}" ` +
        `cy="380" r="118" fill="none" stroke="#fff" stroke-opacity=".4" stroke-width="3"/>`
      );
    }
    return `${stud}<line x1="${x}" y1="256" x2="${x}" y2="330" stroke="url(#metal)" stroke-width="6"/>${pendant(motif, x, 400, 70)}`;
  };
  return shadow(400, 640, 260) + one(250) + one(550);
}

function bracelet(motif: Motif): string {
  const links =
    `<ellipse cx="400" cy="420" rx="250" ry="170" fill="none" stroke="url(#metal)" ` +
    `stroke-width="${motif === 'twist' ? 30 : 16}" stroke-dasharray="${motif === 'twist' ? '48 14' : '28 10'}" stroke-linecap="round"/>
<ellipse cx="400" cy="420" rx="250" ry="170" fill="none" stroke="#ffffff" stroke-opacity=".35" stroke-width="3"/>`;
  const charm =
    motif === 'plain' || motif === 'twist'
      ? ''
      : `<line x1="400" y1="590" x2="400" y2="625" stroke="url(#metal)" stroke-width="5"/>${pendant(motif, 400, 665, 40)}`;
  return shadow(400, 700, 280) + links + charm;
}

const DRAW: Record<ProductType, (motif: Motif) => string> = { anel: ring, colar: necklace, brinco: earrings, pulseira: bracelet };

/**
 * The SVG picture of a piece. `view` 1 is the front shot; 2 is a closer, tilted shot on another backdrop.
 *
 * @example jewelleryImage({ type: 'anel', metal: 'gold', motif: 'gem', backdrop: 0 }, 1)
 */
export function jewelleryImage(piece: { type: ProductType; metal: Metal; motif: Motif; backdrop: number }, view: 1 | 2): string {
  const body = DRAW[piece.type](piece.motif);
  const content = view === 1 ? body : `<g transform="translate(400 420) rotate(-14) scale(1.22) translate(-400 -420)">${body}</g>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" ` +
    `height="800">${defs(piece.metal, piece.backdrop + (view === 2 ? 1 : 0))}${content}</svg>`
  );
}
