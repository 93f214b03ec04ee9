/** pdfkit's standard font modules (their data for the browser module's `registerStdFonts`). */
declare module 'pdfkit/standard-fonts/*' {
  const font: unknown;
  export default font;
}
