import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Answer, Body } from '@/api/types';
import { setSession } from '@/lib/session';
import { renderRoutes } from '@/test/render';
import { server } from '@/test/server';
import { hostRoutes } from './host-routes';

type Reviews = Answer<'/v1/hostbusiness/getReviewsForHost', 'get'>;
type Review = Reviews['data']['reviews'][number];
const review = (over: Partial<Review>): Review => ({
  ratingId: 'r1', carId: 'car-1', carName: '2023 Hyundai Ioniq 5', fromUserId: 'g1', reviewerName: 'Lena F.', reviewerProfilePic: '', reviewTime: '2026-11-03T13:39:11Z',
  stars: 5, review: 'Fantastic host.', categoryRatings: [], response: null, responserName: null, ...over,
});

describe('the reviews page', () => {
  it('shows the average, the counts, each review with its stars and reply, and posts a reply', async () => {
    setSession('tok', { userId: 'host-1' });
    let reviews = [review({}), review({ ratingId: 'r2', reviewerName: 'Omar K.', stars: 3, review: 'Fine.', response: 'Thanks Omar!', responserName: 'Harper H.' })];
    const sent: Body<'/v1/cars/respondToCarReview', 'post'>[] = [];
    server.use(
      http.get('*/v1/hostbusiness/getReviewsForHost', () =>
        HttpResponse.json<Reviews>({ status: true, data: { averageRating: 4, reviewCount: 2, unanswered: reviews.filter((r) => !r.response).length, currentPage: 1, numPages: 1, reviews } }),
      ),
      http.post('*/v1/cars/respondToCarReview', async ({ request }) => {
        const body = (await request.json()) as Body<'/v1/cars/respondToCarReview', 'post'>;
        sent.push(body);
        reviews = reviews.map((r) => (r.ratingId === body.ratingId ? { ...r, response: String(body.responseMessage), responserName: 'Harper H.' } : r));
        return HttpResponse.json<Answer<'/v1/cars/respondToCarReview', 'post'>>({ status: true, message: 'Response saved', data: reviews[0] });
      }),
    );
    renderRoutes(hostRoutes, '/host/reviews');
    const summary = await screen.findByTestId('review-summary');
    expect(document.title).toBe('Reviews | Upcar');
    expect(summary).toHaveTextContent('4.0');
    expect(summary).toHaveTextContent('2 reviews · 1 without a reply');
    const items = screen.getAllByTestId('host-review');
    expect(within(items[0]).getByRole('img', { name: '5.0 out of 5 stars' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Fantastic host.');
    expect(within(items[1]).getByTestId('review-response')).toHaveTextContent('Response from Harper H.Thanks Omar!');

    const user = userEvent.setup();
    await user.click(within(items[0]).getByRole('button', { name: 'Reply' }));
    await user.click(within(items[0]).getByRole('button', { name: 'Post reply' }));
    expect(await within(items[0]).findByRole('alert')).toHaveTextContent('Write a reply first.');
    await user.type(within(items[0]).getByLabelText('Your reply to Lena F.'), '  Thank you, Lena!  ');
    await user.click(within(items[0]).getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText('Response saved')).toBeInTheDocument();
    expect(sent).toEqual([{ ratingId: 'r1', responseMessage: 'Thank you, Lena!' }]);
    await waitFor(() => expect(within(screen.getAllByTestId('host-review')[0]).getByTestId('review-response')).toHaveTextContent('Thank you, Lena!'));
  }, 20_000);
});
