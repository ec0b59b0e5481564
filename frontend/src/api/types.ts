/**
 * The API's types, taken from the types generated from the gateway's OpenAPI document
 * (`schema.d.ts`, `npm run gen:api`): what the server sends is the truth, so no call writes its
 * answer's shape by hand.
 *
 * A call names its route once, as the document does (with `/v1`):
 * `api.get('/v1/cars/getCar/{carId}', { path: { carId } })` (`src/lib/api-client.ts`). That one
 * literal gives the URL, and the types below give the rest: only a route of `paths` that has the
 * method is accepted, `path` (its `{...}` segments) is asked for exactly when the route has some,
 * `params` is its query, `body` its request body (JSON, or `FormData` for a multipart route) and
 * the promise its answer, or with `acceptStatuses` also what the document declares for those
 * statuses (`Accepted`). There is no type argument and no plain-string path, so no call takes
 * another route's types, and a route that disappears or changes breaks the build instead of the
 * page. A name a feature exports for an answer is derived from the function that makes the call
 * (`Awaited<ReturnType<typeof getX>>`); `Answer`, `Body` and `Query` name a route's types for what
 * no call gives (a function's input, a test's mock answers).
 *
 * Request bodies and queries are the document's loose input types (`Text` is
 * `string | number | boolean | null`, `Int` and `Dollars` `number | string | null`, `Flag`
 * `boolean | string | number | null`); the app builds them with the plain values it sends.
 */
import type { components, paths } from './schema';

export type Schemas = components['schemas'];

export type Method = 'get' | 'post' | 'put' | 'delete';
export type Route = keyof paths;
/** The routes of the document that have method `M`. */
export type RouteWith<M extends Method> = { [P in Route]: [NonNullable<paths[P][M]>] extends [never] ? never : P }[Route];
export type Operation<P extends Route, M extends Method> = NonNullable<paths[P][M]>;
type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;
type Responses<O> = O extends { responses: infer R } ? R : never;
type ParametersOf<O> = O extends { parameters: infer X } ? X : never;

/** The JSON a route answers on success (its 200, else its 201). */
export type Answer<P extends Route, M extends Method> =
  Responses<Operation<P, M>> extends infer R ? (R extends { 200: infer A } ? Json<A> : R extends { 201: infer A } ? Json<A> : never) : never;

/**
 * What a call that also takes the statuses `S` as answers gets: its `Answer`, or the JSON the
 * document declares for one of those statuses. A status the document does not declare adds
 * nothing (its body is then typed as the 2xx answer by the caller's word only), nor does a
 * plain `number`.
 */
export type Accepted<P extends Route, M extends Method, S extends number> =
  | Answer<P, M>
  | (number extends S ? never : S extends keyof Responses<Operation<P, M>> ? Json<Responses<Operation<P, M>>[S]> : never);

type RequestBodyOf<O> = O extends { requestBody?: infer B } ? NonNullable<B> : never;
/**
 * What a request body may be sent as: its JSON, or a `FormData` where the route takes a
 * multipart form. (A body the document declares only as `application/octet-stream`, the
 * presigned targets', is not sent through the client: its type is `never`.)
 */
type BodyContent<B> = B extends { content: infer C }
  ? (C extends { 'application/json': infer J } ? J : never) | (C extends { 'multipart/form-data': unknown } ? FormData : never)
  : never;

/** A route's request body (JSON, or `FormData` for an upload). */
export type Body<P extends Route, M extends Method> = BodyContent<RequestBodyOf<Operation<P, M>>>;

/** A route's query parameters. */
export type Query<P extends Route, M extends Method> = ParametersOf<Operation<P, M>> extends { query?: infer Q } ? NonNullable<Q> : never;

/** A route's path parameters (its `{...}` segments); `never` for a route without any. */
export type PathParams<P extends Route, M extends Method> = ParametersOf<Operation<P, M>> extends { path: infer X } ? X : never;

type PathInit<P extends Route, M extends Method> = [PathParams<P, M>] extends [never] ? { path?: never } : { path: PathParams<P, M> };
type QueryInit<P extends Route, M extends Method> = [Query<P, M>] extends [never] ? { params?: never } : { params?: Query<P, M> };
type BodyInit<P extends Route, M extends Method> = [RequestBodyOf<Operation<P, M>>] extends [never]
  ? { body?: never }
  : undefined extends Operation<P, M>['requestBody']
    ? { body?: Body<P, M> }
    : { body: Body<P, M> };

/** What a call of route `P` with method `M` is given besides its route. */
export type CallInit<P extends Route, M extends Method, S extends number> = PathInit<P, M> &
  QueryInit<P, M> &
  BodyInit<P, M> & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
    /** Statuses other than 2xx whose body is still an answer (availability calls: 400, 409). */
    acceptStatuses?: readonly S[];
  };

type RequiredKeys<T> = { [K in keyof T]-?: T extends Record<K, unknown> ? K : never }[keyof T];
/** The options argument: optional unless the route has path parameters or a required body. */
export type CallArgs<I> = [RequiredKeys<I>] extends [never] ? [init?: I] : [init: I];

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
export type TripStatus = Schemas['TripStatus'];
export type TripRole = Schemas['TripRole'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type Documents = Schemas['Documents'];
export type Ratings = Schemas['Ratings'];
export type Review = Schemas['Review'];
export type Invitation = Schemas['Invitation'];
export type HomeCard = Schemas['HomeCard'];
export type FeaturedCar = Schemas['FeaturedCar'];
export type GuestReview = Schemas['GuestReview'];
