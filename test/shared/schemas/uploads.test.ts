import { describe, expect, it } from 'vitest';
import { validationTexts } from '#shared/messages/index.ts';
import { imageUploadRequestSchema, proofUploadRequestSchema } from '#shared/schemas/index.ts';
import { accepted, expectFieldMessage } from './support.ts';

const v = validationTexts;
const MB = 1024 * 1024;

describe('proofUploadRequestSchema', () => {
  const valid = { contentType: 'application/pdf', size: 1000 };

  it.each(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'])('accepts %s', (contentType) => {
    accepted(proofUploadRequestSchema, { contentType, size: 1 });
    accepted(proofUploadRequestSchema, { contentType, size: 10 * MB });
  });

  it.each(['image/gif', 'text/html', 'application/octet-stream', 'IMAGE/PNG', ''])('refuses %j', (contentType) => {
    expectFieldMessage(proofUploadRequestSchema, valid, 'contentType', contentType, v.proofContentType.invalid);
  });

  it.each([0, 10 * MB + 1, 1.5, -1, '100', undefined])('refuses the size %j', (size) => {
    expectFieldMessage(proofUploadRequestSchema, valid, 'size', size, 'O comprovativo tem de ter entre 1 byte e 10 MB.');
  });
});

describe('imageUploadRequestSchema', () => {
  const valid = { contentType: 'image/webp', size: 1000 };

  it.each(['image/jpeg', 'image/png', 'image/webp'])('accepts %s up to 20 MB (a phone photo)', (contentType) => {
    accepted(imageUploadRequestSchema, { contentType, size: 20 * MB });
  });

  it.each(['image/heic', 'application/pdf', 'image/svg+xml'])('refuses %s, saying how to send an iPhone photo', (contentType) => {
    expectFieldMessage(imageUploadRequestSchema, valid, 'contentType', contentType, v.imageContentType.invalid);
    expect(v.imageContentType.invalid).toMatch(/^A foto tem de ser JPEG, PNG ou WebP\. As fotos HEIC .* como JPEG/);
  });

  it.each([0, 20 * MB + 1])('refuses the size %j', (size) => {
    expectFieldMessage(imageUploadRequestSchema, valid, 'size', size, v.imageSize.invalid);
  });
});
