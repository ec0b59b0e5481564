import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { pagesRoutes } from './pages-routes';

// The anchors of spec 002 section 2, in order.
const ANCHORS = [
  'definitions',
  'user-access',
  'vehicle-listing',
  'identity-verification',
  'rental-process',
  'communication-platform',
  'cancellation-of-a-rental',
  'insurance-damages',
  'additional-guidelines',
  'deductible-protection',
  'payment-admin',
  'financial-terms',
  'availability',
  'personal-data',
  'exclusion',
  'arbitration',
  'disclaimer',
  'governing-law',
];

let scrolled: { id: string; options: ScrollIntoViewOptions | boolean | undefined }[] = [];
const originalMatchMedia = window.matchMedia;

beforeEach(() => {
  scrolled = [];
  // jsdom does not lay out or scroll: record what was asked.
  Element.prototype.scrollIntoView = vi.fn(function (this: Element, options?: ScrollIntoViewOptions | boolean) {
    scrolled.push({ id: this.id, options });
  });
});

afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe('/terms/conditions', () => {
  it('has a title, one h1 and a table of contents of the 18 numbered sections, each an anchor that exists', async () => {
    renderRoutes(pagesRoutes, '/terms/conditions');
    const toc = await screen.findByRole('navigation', { name: 'Contents' });
    await waitFor(() => expect(document.title).toBe('Terms and conditions | Upcar'));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const links = within(toc).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(ANCHORS.map((id) => `#${id}`));
    links.forEach((a, i) => expect(a).toHaveTextContent(new RegExp(`^${i + 1}\\. `)));
    for (const id of ANCHORS) expect(document.getElementById(id)?.tagName).toBe('H2');
    expect(screen.getByRole('heading', { level: 2, name: '16. Changes to these terms and arbitration' })).toHaveAttribute('id', 'arbitration');
    // The unnumbered sections follow, outside the table of contents.
    expect(screen.getByRole('heading', { level: 2, name: 'Prohibition of online child exploitation content' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancellation policy' })).toHaveAttribute('href', '/terms/cancellation');
    expect(screen.getByRole('link', { name: 'Protection plans' })).toHaveAttribute('href', '/terms/owner/protectionplans');
  });

  it('states the policy constants of the terms', async () => {
    renderRoutes(pagesRoutes, '/terms/conditions');
    const cancellation = (await screen.findByRole('region', { name: '7. Cancellation of a rental' })).textContent ?? '';
    expect(cancellation).toContain('within 1 hour of booking: free, a full refund');
    expect(cancellation).toContain('more than 24 hours before the start: a full refund');
    expect(cancellation).toContain('24 hours or less before the start: a 50% refund, and the owner earns 24% of the trip');
    expect(cancellation).toContain('after the start, or a no-show: no refund, and the owner earns 100%');
    expect(cancellation).toContain('threshold is 4%');
    const listing = screen.getByRole('region', { name: '3. Listing a vehicle' }).textContent ?? '';
    expect(listing).toContain('model year 2012 or newer and has fewer than 130,000 miles');
    expect(screen.getByRole('region', { name: '9. Use of the vehicle' })).toHaveTextContent('Smoking in the vehicle is fined $250');
    expect(screen.getByRole('region', { name: '16. Changes to these terms and arbitration' })).toHaveTextContent('claims up to $25,000');
  });

  it('scrolls smoothly to a section when its entry is clicked, writes the hash and moves focus there', async () => {
    const { router } = renderRoutes(pagesRoutes, '/terms/conditions');
    const toc = await screen.findByRole('navigation', { name: 'Contents' });
    await userEvent.click(within(toc).getByRole('link', { name: /Exclusion list and suspension/ }));
    await waitFor(() => expect(router.state.location.hash).toBe('#exclusion'));
    await waitFor(() => expect(scrolled).toEqual([{ id: 'exclusion', options: { behavior: 'smooth', block: 'start' } }]));
    expect(document.activeElement).toBe(document.getElementById('exclusion'));
    // The same entry again scrolls again (the hash does not change).
    await userEvent.click(within(toc).getByRole('link', { name: /Exclusion list and suspension/ }));
    expect(scrolled).toHaveLength(2);
    await userEvent.click(within(toc).getByRole('link', { name: /^1\. Definitions/ }));
    await waitFor(() => expect(scrolled.at(-1)?.id).toBe('definitions'));
    expect(router.state.location.hash).toBe('#definitions');
  });

  it('jumps without animation when the visitor prefers reduced motion', async () => {
    window.matchMedia = ((query: string) => ({ ...originalMatchMedia(query), matches: query === '(prefers-reduced-motion: reduce)' })) as typeof window.matchMedia;
    renderRoutes(pagesRoutes, '/terms/conditions');
    const toc = await screen.findByRole('navigation', { name: 'Contents' });
    await userEvent.click(within(toc).getByRole('link', { name: /Personal data/ }));
    await waitFor(() => expect(scrolled).toEqual([{ id: 'personal-data', options: { behavior: 'auto', block: 'start' } }]));
  });

  it('scrolls to the section a shared link names', async () => {
    renderRoutes(pagesRoutes, '/terms/conditions#arbitration');
    await screen.findByRole('navigation', { name: 'Contents' });
    await waitFor(() => expect(scrolled.map((s) => s.id)).toEqual(['arbitration']));
  });
});
