import { phoneJpeg } from './infra/local/seed/photos.ts';
import { jewelleryImage } from './infra/local/seed/images.ts';
import { processPhoto } from './lambdas/services/photo-processing.ts';
const svg = jewelleryImage({ type: 'colar', metal: 'gold', motif: 'heart', backdrop: 1 }, 1);
let t = Date.now();
const jpg = await phoneJpeg(svg);
console.log('render', Date.now() - t, jpg.length);
t = Date.now(); await processPhoto(jpg); console.log('process', Date.now() - t);
