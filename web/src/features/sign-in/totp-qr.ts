/**
 * The otpauth URI of the TOTP setup as a QR code for the authenticator app's camera: the SVG path of
 * its dark modules, from `uqr`'s encoding. The login page imports this module dynamically, only at the
 * setup step, so the encoder is in no other chunk (and, having no React in it, it changes no other
 * chunk's split).
 */
import { encode } from 'uqr';

/** Light modules around the code, as the QR specification asks. */
const QUIET_ZONE = 4;

/** The side of the drawing (modules, quiet zone included) and the path of its dark modules. */
export function qrDrawing(value: string): { readonly side: number; readonly path: string } {
  const { data, size } = encode(value, { ecc: 'M', border: 0 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    });
  });
  return { side: size + 2 * QUIET_ZONE, path };
}
