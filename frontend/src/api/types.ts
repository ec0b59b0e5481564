/**
 * The API's types, taken from the types generated from the gateway's OpenAPI document
 * (`schema.d.ts`, `npm run gen:api`): what the server sends is the truth, so no call writes its
 * answer's shape by hand. `Answer` and `Body` name a route as the document does (with `/v1`), so a
 * route that disappears or changes its answer breaks the build instead of the page.
 *
 * Request bodies and queries are the document's loose input types (`Text` is
 * `string | number | boolean | null`, `Int` and `Dollars` `number | string | null`, `Flag`
 * `boolean | string | number | null`); the app builds them with the plain values it sends.
 */
import type { components, paths } from './schema';

export type Schemas = components['schemas'];

type Method = 'get' | 'post' | 'put' | 'delete';
type Route = keyof paths;
type Operation<P extends Route, M extends Method> = NonNullable<paths[P][M]>;
type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;

/** The JSON a route answers on success (its 200, else its 201). */
export type Answer<P extends Route, M extends Method> =
  Operation<P, M> extends { responses: infer R } ? (R extends { 200: infer A } ? Json<A> : R extends { 201: infer A } ? Json<A> : never) : never;

/** A route's JSON request body. */
export type Body<P extends Route, M extends Method> = Operation<P, M> extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;

/** A route's query parameters. */
export type Query<P extends Route, M extends Method> = Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

// The entities the app reads, by the document's names.
export type User = Schemas['User'];
/** What every login call and the token check answer. */
export type SessionAnswer = Schemas['Session'];
export type OtpSent = Schemas['OtpSent'];
export type Host = Schemas['Host'];
export type CarCard = Schemas['CarCard'];
export type CarPage = Schemas['CarPage'];
export type CarExtra = Schemas['CarExtra'];
export type PickupLocation = Schemas['PickupLocation'];
export type FavouriteCar = Schemas['FavouriteCar'];
export type Place = Schemas['PlaceAnswer'];
export type PlaceGroup = Schemas['PlaceGroup'];
export type PriceDetails = Schemas['PriceDetails'];
export type PriceLine = Schemas['PriceLine'];
export type ProtectionPlan = Schemas['ProtectionPlan'];
export type Trip = Schemas['Trip'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type Documents = Schemas['Documents'];
export type Ratings = Schemas['Ratings'];
export type Review = Schemas['Review'];
export type Invitation = Schemas['Invitation'];
export type HomeCard = Schemas['HomeCard'];
export type FeaturedCar = Schemas['FeaturedCar'];
export type GuestReview = Schemas['GuestReview'];
