import type { CarCard, CarPage, Host, Place, PriceDetails, Schemas, SessionAnswer, Trip, User } from '@/api/types';

// Answers shaped as the API's document says (src/api/types.ts), so a test cannot lean on a field
// the server does not send.

export function searchCar(i: number, over: Partial<CarCard> = {}): CarCard {
  return {
    _id: `car-${i}`,
    make: 'Tesla',
    model: `Model ${i}`,
    carYear: 2023,
    latitude: 37.55 + i / 100,
    longitude: -121.99,
    address: { street: '1 Main St', city: 'Fremont', state: 'CA', zip: '94536' },
    location: { type: 'Point', coordinates: [-121.99, 37.55 + i / 100] },
    primaryPhotoUrl: '',
    photoUrls: [],
    totalRating: 4.8,
    ratingCount: 5,
    tripCount: 12,
    distance: i,
    isFav: false,
    specialFeature: 'Electric',
    dailyPrice: 90 + i,
    monthlyPrice: 2400,
    vehicleType: 'sedan',
    seats: 5,
    transmissionType: 'automatic',
    gasType: 'ev',
    ownerId: 'host-1',
    ...over,
  };
}

export function carDetails(over: Partial<CarPage> = {}): CarPage {
  return {
    ...searchCar(1),
    _id: 'car-1',
    title: '2023 Tesla Model 1',
    ownerId: 'host-1',
    isOwnCar: false,
    trim: 'Long Range',
    doors: 4,
    additionalPhotos: [],
    carDetails: 'A quiet electric car.',
    features: ['Autopilot', 'Heated seats'],
    extras: [],
    minAgeRequired: 21,
    ReportListingPolicy: 'Report a listing that is inaccurate.',
    cancellationPolicy: 'Free cancellation.',
    pricePerHour: 4,
    price: 91,
    advanceNoticeHours: 0,
    minTripDuration: 1,
    maxTripDuration: 30,
    timeZone: 'America/Los_Angeles',
    address: { street: '1 Main St', city: 'Fremont', state: 'CA', zip: '94536', latitude: 37.56, longitude: -121.99 },
    pickupLocations: [],
    ...over,
  };
}

export function tripPrice(over: Partial<PriceDetails> = {}): PriceDetails {
  return {
    carId: 'car-1',
    startTime: '',
    endTime: '',
    originalPrice: 200,
    finalPriceBeforeTax: 182,
    finalPrice: 199.5,
    totalDiscount: 18,
    finalPricePerMonth: null,
    canPayLater: true,
    payLaterDateMessage: 'Pay on Nov 22',
    totalMilesIncluded: 400,
    pricePerMile: 0.45,
    convertedFreeCancellationBefore: null,
    pricingBreakdown: [
      { label: '2 days x $100.00', amount: 200, explanation: '', kind: 'rental' },
      { label: 'Discount', amount: -18, explanation: '', kind: 'discount' },
      { label: 'Taxes', amount: 17.5, explanation: '', kind: 'tax' },
      { label: 'Total', amount: 199.5, explanation: '', kind: 'total' },
    ],
    totalPriceRounded: 200,
    tax: 17.5,
    numberOfDays: 2,
    isLongTerm: false,
    dailyPrice: 100,
    protectionPlanType: null,
    quoteId: 'q1',
    quoteExpiresAt: null,
    timeZone: 'America/Los_Angeles',
    currency: 'USD',
    ...over,
  };
}

export function user(over: Partial<User> = {}): User {
  return {
    _id: 'u1',
    userId: 'u1',
    user_id: 'u1',
    firstName: 'Dana',
    lastName: 'Lee',
    email: 'dana@example.com',
    professionalEmail: null,
    phoneNumber: '5105550100',
    countryCode: '+1',
    promotions_enrollment: false,
    signUpCode: null,
    termsAccepted: true,
    stripeCustomerId: null,
    isProfessionalUser: false,
    emailVerify: true,
    isMobileVerified: true,
    isDriverVerified: false,
    currentTier: 'Explorer',
    dob: null,
    profilePic: null,
    about: null,
    preBookVerifNeededFields: { dob: false, emailVerified: true, dlUploadNeeded: false },
    favoriteCars: [],
    homeLocation: [],
    hasPaymentMethod: false,
    role: 'user',
    createdAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

/** A login or token check's answer. */
/** A token shaped as the server's (a JWT, not signed here): the app reads only its `exp`, in Unix seconds. */
export function jwt(exp: number, name = 'a'): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u1', exp, jti: name })}.signature-${name}`;
}

export function session(over: Partial<SessionAnswer> = {}): SessionAnswer {
  return { status: true, message: 'Login successful', access_token: 't1', expiresAt: 1_900_000_000, user: user(), ...over };
}

export function host(over: Partial<Host> = {}): Host {
  return {
    _id: 'host-1',
    firstName: 'Grace',
    lastName: 'K.',
    profilePic: null,
    rating: 4.9,
    tripCount: 37,
    joinedDate: '2025-01-01',
    emailVerify: true,
    isMobileVerified: true,
    isDriverVerified: true,
    currentTier: 'Explorer',
    ...over,
  };
}

export function place(id: string, text: string, group: string): Place {
  const [lat, lng] = [37.5, -122];
  return { placeId: id, text, lat, lng, formatted_address: text, name: text, displayName: text, types: [], group, location: { lat, lng }, geometry: { location: { lat, lng } } };
}

export function trip(over: Partial<Trip> = {}): Trip {
  return {
    _id: 'trip-1',
    tripId: 'trip-1',
    carId: 'car-1',
    hostId: 'host-1',
    ownerId: 'host-1',
    userId: 'u1',
    status: 'confirmed',
    newStartDate: '2030-01-10',
    newStartTime: '10:00 AM',
    newEndDate: '2030-01-12',
    newEndTime: '10:00 AM',
    startDate: '2030-01-10',
    endDate: '2030-01-12',
    startTime: '2030-01-10T10:00:00-08:00',
    endTime: '2030-01-12T10:00:00-08:00',
    timeZone: 'America/Los_Angeles',
    finalPrice: null,
    priceDetails: null,
    extras: [],
    protectionPlanType: 'Standard',
    pickUpLocation: null,
    message: '',
    cancelReason: '',
    rejectReason: '',
    refundAmount: null,
    isCancelled: false,
    cancelDate: null,
    cancelledBy: null,
    reservationNumber: 'UPC-ABC',
    paymentStatus: 'authorized',
    viewerRole: 'guest',
    createdAt: '2029-12-01T00:00:00Z',
    updatedAt: '2029-12-01T00:00:00Z',
    history: [],
    carName: '2022 Toyota RAV4',
    carPhotoUrl: '',
    carMake: 'Toyota',
    carModel: 'RAV4',
    carYear: 2022,
    renterName: 'Dana G.',
    firstName: 'Dana',
    lastName: 'G.',
    userProfilePic: '',
    hostName: 'Grace K.',
    additionalDrivers: [],
    ...over,
  };
}

/** A captain's task as `GET /tasks` and `GET /captains/tasks/{id}` answer it: a delivery not started. */
export function captainTask(over: Partial<Schemas['CaptainTask']> = {}): Schemas['CaptainTask'] {
  return {
    taskId: 'task-1',
    tripId: 'trip-1',
    taskType: 'delivery_to_guest',
    status: 'scheduled',
    step: null,
    nextStep: 'picked_up_from_host',
    guestName: 'Ada L.',
    scheduledTime: '2030-01-10T18:00:00Z',
    pickupLocation: { street: '1 Main St', city: 'Fremont', state: 'CA', zip: '94536', latitude: 37.55, longitude: -121.99 },
    deliveryLocation: { street: '500 Market St', city: 'San Jose', state: 'CA', zip: '95113', latitude: 37.33, longitude: -121.89 },
    carId: 'car-1',
    carMake: 'Toyota',
    carModel: 'RAV4',
    carPhotos: { primaryPhoto: 'https://photos.test/rav4.jpg' },
    routeOrder: 1,
    etaPickup: '2030-01-10T17:00:00Z',
    etaDelivery: '2030-01-10T17:40:00Z',
    late: false,
    timeZone: 'America/Los_Angeles',
    date: '2030-01-10',
    steps: [],
    ...over,
  };
}

/** A trip's delivery or return as `GET /trips/getDeliveryTasks/{tripId}` answers it. */
export function deliveryTask(over: Partial<Schemas['DeliveryTask']> = {}): Schemas['DeliveryTask'] {
  return {
    taskId: 'task-1',
    taskType: 'delivery_to_guest',
    status: 'in_progress',
    step: 'picked_up_from_host',
    scheduledTime: '2030-01-10T18:00:00Z',
    eta: '2030-01-10T17:45:00Z',
    captainFirstName: 'Casey',
    late: false,
    steps: [],
    ...over,
  };
}

/** A car option of the co-host calls (`getHostVehicles`, `getTeamVehicles`, a team's `cars`). */
export function vehicleOption(i: number, over: Partial<Schemas['VehicleOption']> = {}): Schemas['VehicleOption'] {
  return { id: `car-${i}`, _id: `car-${i}`, name: `2022 Tesla Model ${i}`, photoUrl: '', licensePlate: `8ABC${i}00`, ...over };
}

/** A member of a team as `getTeamById` answers it. */
export function teamCoHost(over: Partial<Schemas['CoHost']> = {}): Schemas['CoHost'] {
  return {
    _id: 'inv-1',
    coHostId: 'u-cohost',
    email: 'co@example.com',
    firstName: 'Cora',
    lastName: 'Host',
    profilePic: '',
    status: 'accepted',
    earningsSharePercent: 10,
    invitedAt: '2030-01-01T10:00:00Z',
    expiresAt: '2030-01-08T10:00:00Z',
    answeredAt: '2030-01-02T10:00:00Z',
    ...over,
  };
}

/** A host's car as `GET /host/carListing/car/{id}` and `getHostCarsOnPlatform` answer it. */
export function hostListing(over: Partial<Schemas['CarListing']> = {}): Schemas['CarListing'] {
  return {
    _id: 'car-1',
    carId: 'car-1',
    hostId: 'host-1',
    status: 'active',
    completedSteps: ['location', 'vinDetails', 'availability', 'features', 'description', 'dailyPrice', 'photos', 'finalize'],
    make: 'Hyundai',
    model: 'Ioniq 5',
    carYear: 2023,
    advanceNotice: 3,
    minTripDuration: 1,
    maxTripDuration: 1000,
    twoDayTripForWeekend: false,
    features: ['Bluetooth'],
    specialFeature: 'Electric',
    licensePlate: '8UPC004',
    state: 'CA',
    seats: 5,
    doors: 4,
    gasType: 'ev',
    carDetails: 'A quiet electric car.',
    photoUrls: ['https://photos.test/ioniq-1.jpg'],
    primaryPhotoUrl: 'https://photos.test/ioniq-1.jpg',
    dailyPrice: 92,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    weeklyDiscount: 10,
    monthlyDiscount: 20,
    instantBooking: true,
    guestInstructions: 'The key is in the lockbox.',
    extras: [],
    datePrices: [],
    ...over,
  };
}

/** A team as the co-host calls answer it (`data` of `getTeamById`, an item of `getAllTeamsForHost`). */
export function team(over: Partial<Schemas['Team']> = {}): Schemas['Team'] {
  return {
    _id: 'team-1',
    hostId: 'u-host',
    teamName: 'Fremont crew',
    teamStatus: 'active',
    cars: [vehicleOption(1)],
    coHosts: [teamCoHost()],
    permissions: { full: false, bookingManagement: true, pricingAndAvailability: false },
    role: 'host',
    hostEarningsSharePercent: 90,
    createdAt: '2030-01-01T10:00:00Z',
    updatedAt: '2030-01-01T10:00:00Z',
    ...over,
  };
}

/** A co-host team as `GET /cohost/getAllTeamsForHost` answers it. */
export function hostTeam(over: Partial<Schemas['Team']> = {}): Schemas['Team'] {
  return {
    _id: 'team-1',
    hostId: 'host-2',
    teamName: 'Fremont crew',
    teamStatus: 'active',
    cars: [{ id: 'car-5', _id: 'car-5', name: '2022 Toyota Camry', photoUrl: '', licensePlate: '9UPC005' }],
    coHosts: [
      { _id: 'inv-1', coHostId: 'co-1', email: 'cohost@demo.local', firstName: 'Casey', lastName: 'C.', profilePic: '', status: 'accepted', earningsSharePercent: 20, invitedAt: '', expiresAt: '', answeredAt: '' },
    ],
    permissions: { full: false, bookingManagement: true, pricingAndAvailability: false },
    role: 'co-host',
    hostEarningsSharePercent: 80,
    createdAt: '',
    updatedAt: '',
    ...over,
  };
}
