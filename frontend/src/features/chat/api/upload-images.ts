/** The picture types a message takes (docs/API.md, Files), at most 10 a message and 20 MB each. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';
export const IMAGE_TYPES = new Set(IMAGE_ACCEPT.split(','));
export const MAX_IMAGES = 10;
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

