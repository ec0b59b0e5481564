import type { CarCard, CarPage, PriceDetails, User } from '@/api/types';

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
