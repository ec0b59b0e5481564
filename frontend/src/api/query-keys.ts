import type { Params } from '@/lib/api-client';
import type { TripRange } from '@/lib/dates';

/**
 * Every react-query key of the app, the queries' and the invalidations' alike, so a mutation
 * reaches exactly what it means to (src/test/boundaries.test.ts refuses a key written anywhere
 * else). Keys are prefixes of each other on purpose: invalidating `trips.all` reaches a trip and
 * the user's availability; `car.detail(id)` is also the prefix of that car's other queries.
 */
export const queryKeys = {
  session: {
    verify: (token: string) => ['session', 'verify', token] as const,
  },
  /** `GET /users/getuser/{id}`: the signed-in user's own profile. */
  me: (userId: string) => ['me', userId] as const,
  /** `GET /users/gethost/{id}`: anyone's public profile (the car page's host card, the profile page). */
  host: (userId: string) => ['host', userId] as const,
  favourites: ['favourites'] as const,
  places: {
    autocomplete: (input: string) => ['places', 'autocomplete', input] as const,
    geocode: (lat: number, lng: number) => ['places', 'geocode', lat, lng] as const,
  },
  home: {
    featuredCar: ['home', 'featured-car'] as const,
    /** The home page's cards, which carry `isFav`. */
    staticCars: ['home', 'static-cars'] as const,
  },
  cars: {
    /** Every search; booking a car changes what searches answer. */
    searches: ['cars', 'search'] as const,
    search: (params: Params) => ['cars', 'search', params] as const,
    checkPrices: (requestId: string, ids: string[]) => ['cars', 'check-prices', requestId, ids] as const,
  },
  car: {
    detail: (carId: string) => ['car', carId] as const,
    availability: (carId: string, range: TripRange) => ['car', carId, 'available', range] as const,
    blockedDates: (carId: string, year: number, month: number) => ['car', carId, 'blocked', year, month] as const,
    ratings: (carId: string) => ['car', carId, 'ratings'] as const,
  },
  /** `GET /api/enums/{name}` (src/api/get-enum.ts): the search filters', the wizard's and a car's settings' lists. */
  enums: (name: string) => ['enums', name] as const,
  filters: {
    carModels: (make: string) => ['car-makes-models', make] as const,
  },
  tripPrice: (carId: string, range: TripRange) => ['trip-price', carId, range] as const,
  /** Keyed by the whole request body (plan, extras, coupon, delivery). */
  finalTripPrice: (request: object) => ['final-trip-price', request] as const,
  /** Every checkout price (a refused booking has used its quote). */
  finalTripPrices: ['final-trip-price'] as const,
  /** `POST /tripPrice/getProtectionPlanPrice`: a plan's price on a rental price. */
  planPrice: (plan: string, rental: number) => ['plan-price', plan, rental] as const,
  protectionPlans: ['protection-plans'] as const,
  trips: {
    /** Every trip query; booking or joining a trip changes them. */
    all: ['trips'] as const,
    detail: (tripId: string) => ['trips', tripId] as const,
    /** `GET /trips/getDeliveryTasks/{tripId}`: the trip's delivery and return, for its guest. */
    delivery: (tripId: string) => ['trips', tripId, 'delivery'] as const,
    userAvailable: (range: TripRange) => ['trips', 'user-available', range] as const,
    /** The guest's own lists: `getInProgressAndFutureTrips` and `getAllPastTripsForUserSortByDate`. */
    current: ['trips', 'list', 'current'] as const,
    past: ['trips', 'list', 'past'] as const,
    /** `GET /tripPrice/getTripRefundPrice?tripId`: what cancelling now gives back. */
    refund: (tripId: string) => ['trips', tripId, 'refund'] as const,
    /** `POST /tripPrice/getModifiedTripPrice`, keyed by the change asked. */
    modifiedPrice: (tripId: string, change: object) => ['trips', tripId, 'modified-price', change] as const,
  },
  paymentMethod: (userId: string) => ['payment-method', userId] as const,
  driverDocuments: {
    all: ['driver-documents'] as const,
    /** The session's documents, or those of the phone flow's temporary token. */
    of: (token?: string) => ['driver-documents', token ?? 'session'] as const,
  },
  /** `GET /users/driverLicense`: the licence's details (the driver form). */
  driverLicense: ['driver-license'] as const,
  tempToken: ['temp-token'] as const,
  /** Keyed by the user too: signing in with another account asks again. */
  driverInvitation: (token: string, userId: string | null) => ['driver-invitation', token, userId] as const,
  /**
   * The captain's calls (captain token). Removed on captain login and logout, so another captain
   * never sees what the last one loaded.
   */
  captains: {
    all: ['captains'] as const,
    /** Every day's list; recording a step changes the task's card. */
    tasksAll: ['captains', 'tasks'] as const,
    tasks: (date: string) => ['captains', 'tasks', date] as const,
    task: (taskId: string) => ['captains', 'task', taskId] as const,
  },
  /** The team's pages (admins): the listing review queue and the analytics. */
  admin: {
    all: ['admin'] as const,
    pending: (page: number) => ['admin', 'pending', page] as const,
    analytics: (startDate: string, endDate: string) => ['admin', 'analytics', startDate, endDate] as const,
  },
  guestReviews: (userId: string) => ['guest-reviews', userId] as const,
  ownerCars: (ownerId: string) => ['owner-cars', ownerId] as const,
  /** `GET /users/getInvitationCode`: the member's own invitation code and its uses. */
  invitationCode: (userId: string) => ['invitation-code', userId] as const,
  /**
   * `GET /host/carListing/car/{id}` (src/api/get-car-listing.ts): the wizard's draft and a listed
   * car's settings; each saved step and car update changes it. Under `hostCars.all`.
   */
  carListing: (carId: string) => ['host-cars', 'car', carId] as const,
  /** `POST /host/carListing/checkCarListing`: the wizard's draft, shown as "Continue listing". Under `hostCars.all`. */
  listingDraft: ['host-cars', 'draft'] as const,
  /** `GET /users/getHostStatus`: the header's view switch; the wizard's submit refreshes it. */
  hostStatus: (userId: string) => ['host-status', userId] as const,

  // ---------------------------------------------------------------------------------------
  // The host side (spec 001). Each feature keeps its keys in its own section below.
  // ---------------------------------------------------------------------------------------

  /** The listing wizard (features/listing): VIN lookups, models and features (the draft is `carListing`). */
  listing: {
    all: ['listing'] as const,
    /** `GET /host/carListing/getModelsForMake/{make}`. */
    models: (make: string) => ['listing', 'models', make] as const,
    /** `POST /host/carListing/getcarfeatures`, keyed by the decoded vehicle it is asked with. */
    features: (vehicle: object) => ['listing', 'features', vehicle] as const,
  },

  // ---------------------------------------------------------------------------------------

  /** The host's fleet and business (features/host): cars, availability, earnings, reviews. */
  hostCars: {
    all: ['host-cars'] as const,
    /** Every page of the host's cars; a car update changes what they show. */
    lists: ['host-cars', 'list'] as const,
    /** `GET /host/getHostCarsOnPlatform?page&limit`. */
    list: (page: number, limit: number) => ['host-cars', 'list', page, limit] as const,
    /** The weekly hours and the custom blocks, which apply across the host's cars. */
    weeklyHours: ['host-cars', 'weekly-hours'] as const,
    blocks: ['host-cars', 'blocks'] as const,
    /** `GET /host/calendar/imports/{carId}`: the external calendars imported into a car. */
    calendarImports: (carId: string) => ['host-cars', 'calendar-imports', carId] as const,
    transactions: (year: number) => ['host-cars', 'transactions', year] as const,
    payoutAccount: ['host-cars', 'payout-account'] as const,
    performance: (days: number) => ['host-cars', 'performance', days] as const,
    reviewsAll: ['host-cars', 'reviews'] as const,
    reviews: (page: number) => ['host-cars', 'reviews', page] as const,
    templates: ['host-cars', 'templates'] as const,
  },

  // ---------------------------------------------------------------------------------------

  /** Co-host teams (features/teams). */
  teams: {
    all: ['teams'] as const,
    /** `GET /cohost/getAllTeamsForHost?status` (src/api/get-host-teams.ts). */
    list: (status: string) => ['teams', 'list', status] as const,
    /** Every list of teams (any status). */
    lists: ['teams', 'list'] as const,
    /** `GET /cohost/getTeamById/{id}`; the prefix of the team's cars and audit log. */
    detail: (teamId: string) => ['teams', 'detail', teamId] as const,
    vehicles: (teamId: string) => ['teams', 'detail', teamId, 'vehicles'] as const,
    audit: (teamId: string) => ['teams', 'detail', teamId, 'audit'] as const,
    /** `GET /cohost/getHostVehicles`: the host's cars on the platform. */
    hostVehicles: ['teams', 'host-vehicles'] as const,
    /** Keyed by the user too: signing in with another account asks again. */
    invitation: (teamId: string, token: string, userId: string | null) => ['teams', 'invitation', teamId, token, userId] as const,
  },

  // ---------------------------------------------------------------------------------------

  /** Trip care (features/trip-care): check-in and out photos, incidentals (both sides), issues, the agreement. */
  tripCare: {
    all: ['trip-care'] as const,
    /** Everything these pages read of one trip (a report or attached photos change several). */
    trip: (tripId: string) => ['trip-care', tripId] as const,
    /** `GET /trips/getCheckInAndCheckoutPhotos/{id}`: check-in and checkout add to it. */
    photos: (tripId: string) => ['trip-care', tripId, 'photos'] as const,
    /** `GET /trips/getIncidentals/{id}?role`, each side's list: accepting, adding and removing change it. */
    incidentals: (tripId: string, role: 'guest' | 'host') => ['trip-care', tripId, 'incidentals', role] as const,
    /** `GET /trips/getIncidentalOptions/{id}`: what the host may charge, and whether the claim window is open. */
    incidentalOptions: (tripId: string) => ['trip-care', tripId, 'incidental-options'] as const,
    /** `GET /trips/getAllReportIssuesOption/{id}`. */
    issueOptions: (tripId: string) => ['trip-care', tripId, 'issue-options'] as const,
    /** `GET /trips/getTripIssueCharges/{id}?type`: reports and attached photos change it. */
    issueCharges: (tripId: string, type: string | null) => ['trip-care', tripId, 'issue-charges', type] as const,
    /** `GET /trips/getRentalAgreement/{tripId}`, keyed by the URL's token when that is what opens it. */
    agreement: (tripId: string, urlToken: string | null) => ['trip-care', tripId, 'agreement', urlToken] as const,
  },

  // ---------------------------------------------------------------------------------------

  /** Chat (features/chat): rooms and messages. */
  chat: {
    all: ['chat'] as const,
    /** Every page of every view of the rooms list; a sent or received message reorders it. */
    roomLists: ['chat', 'rooms'] as const,
    /** `GET /chat/rooms?userType&limit=10&currentPage`. */
    rooms: (userType: string, page: number) => ['chat', 'rooms', userType, page] as const,
    /** The list's page that holds a room (the pages scanned in turn). */
    roomPage: (userType: string, roomId: string) => ['chat', 'rooms', userType, 'find', roomId] as const,
    /** The header's count: `unreadTotal` of `GET /chat/rooms?userType` (every room of the view). */
    unread: (userType: string) => ['chat', 'rooms', userType, 'unread'] as const,
    /** The room of a trip, found in the view's rooms list. */
    tripRoom: (userType: string, tripId: string) => ['chat', 'rooms', userType, 'trip', tripId] as const,
    /** `GET /chat/getChatRoom?roomId`. */
    room: (roomId: string) => ['chat', 'room', roomId] as const,
    /** `GET /chat/getmessages?roomId`: the newest page. */
    messages: (roomId: string) => ['chat', 'messages', roomId] as const,
  },

  // ---------------------------------------------------------------------------------------

  /** The pages the app links to (features/pages): protection plans, giveaway. */
  pages: {
    all: ['pages'] as const,
  },

  // ---------------------------------------------------------------------------------------

  /** The host's bookings (features/host-bookings): upcoming, requests, history. */
  hostTrips: {
    all: ['host-trips'] as const,
    /** `GET /trips/getAllFutureBookingsForHostSortByDate`: requests and upcoming trips. */
    upcoming: ['host-trips', 'upcoming'] as const,
    /** `GET /host/getPastTripsForHost`. */
    past: ['host-trips', 'past'] as const,
  },

  // ---------------------------------------------------------------------------------------
};
