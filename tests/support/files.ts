/** Small real files for upload tests: each starts with its format's magic bytes. */
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

// A 1×1 PNG and a 1×1 JPEG.
export const PNG = fromBase64(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
);
export const JPEG = fromBase64(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
);
export const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** Text pretending to be a picture by its name. */
export const FAKE_PNG = new TextEncoder().encode(
  'this is not really a picture, just text named .png',
);

export const png = (name = 'photo.png') => ({ bytes: PNG, name, type: 'image/png' });
export const jpeg = (name = 'photo.jpg') => ({ bytes: JPEG, name, type: 'image/jpeg' });
export const pdf = (name = 'document.pdf') => ({ bytes: PDF, name, type: 'application/pdf' });
