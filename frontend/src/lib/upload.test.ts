import { uploadTarget } from './upload';

describe('uploadTarget', () => {
  const app = 'http://localhost:5173/host/listings';
  const link = 'http://127.0.0.1:8080/v1/files/cars/a.jpg?expires=1700000000&sig=abc';

  it('sends a link to the gateway’s file store to the app’s own origin in the development server', () => {
    expect(uploadTarget(link, true, app)).toBe('/v1/files/cars/a.jpg?expires=1700000000&sig=abc');
  });

  it('leaves links alone in a built app, on the same origin and to an object store', () => {
    expect(uploadTarget(link, false, app)).toBe(link);
    expect(uploadTarget(link, true, 'http://127.0.0.1:8080/host/listings')).toBe(link);
    const s3 = 'https://bucket.s3.amazonaws.com/cars/a.jpg?X-Amz-Signature=1';
    expect(uploadTarget(s3, true, app)).toBe(s3);
    expect(uploadTarget('not a url', true, app)).toBe('not a url');
  });
});
