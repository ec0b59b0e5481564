import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CarGallery } from './car-gallery';

const photos = ['http://files.test/1.svg', 'http://files.test/2.svg', 'http://files.test/3.svg'];
const shown = () => screen.getByRole('img', { name: /photo \d of 3/ });

describe("the car page's photo viewer", () => {
  it('says which photo of how many, and turns with its arrows and the arrow keys, round at either end', async () => {
    render(<CarGallery photos={photos} name="2022 Tesla Model 3" />);
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('1 / 3');
    expect(shown()).toHaveAccessibleName('2022 Tesla Model 3, photo 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('2 / 3');
    await userEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('3 / 3');
    screen.getByTestId('gallery-main').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('1 / 3');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('3 / 3');
  });

  it('turns with a sideways swipe and not with a short or a mostly vertical one', () => {
    render(<CarGallery photos={photos} name="Car" />);
    const main = screen.getByTestId('gallery-main');
    const swipe = (x0: number, x1: number, y0 = 100, y1 = 100) => {
      fireEvent.touchStart(main, { touches: [{ clientX: x0, clientY: y0 }] });
      fireEvent.touchEnd(main, { changedTouches: [{ clientX: x1, clientY: y1 }] });
    };
    swipe(300, 120); // to the left: the next photo
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('2 / 3');
    swipe(100, 300); // to the right: the one before
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('1 / 3');
    swipe(300, 280); // 20 px: not a swipe
    swipe(300, 200, 100, 400); // mostly down: a scroll
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('1 / 3');
  });

  it('offers no arrows or count for a single photo', () => {
    render(<CarGallery photos={[photos[0]]} name="Car" />);
    expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('gallery-count')).not.toBeInTheDocument();
  });
});
