export function searchCar(i: number, over: Record<string, unknown> = {}) {
  return {
    _id: `car-${i}`,
    make: 'Tesla',
    model: `Model ${i}`,
    carYear: 2023,
    latitude: 37.55 + i / 100,
    longitude: -121.99,
    address: { street: '1 Main St', city: 'Fremont', state: 'CA', zip: '94536' },
    location: { coordinates: [-121.99, 37.55 + i / 100] },
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
    ...over,
  };
}

export function carDetails(over: Record<string, unknown> = {}) {
  return {
    ...searchCar(1),
    _id: 'car-1',
    title: '2023 Tesla Model 1',
    ownerId: 'host-1',
    isOwnCar: false,
    trim: 'Long Range',
    doors: 4,
    gasType: 'ev',
    carDetails: 'A quiet electric car.',
    features: ['Autopilot', 'Heated seats'],
    extras: [],
    minAgeRequired: 21,
    ReportListingPolicy: 'Report a listing that is inaccurate.',
    cancellationPolicy: 'Free cancellation.',
    price: 91,
    address: { street: '1 Main St', city: 'Fremont', state: 'CA', zip: '94536', latitude: 37.56, longitude: -121.99 },
    pickupLocations: [],
    ...over,
  };
}

export function tripPrice(over: Record<string, unknown> = {}) {
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
      { label: '2 days x $100.00', amount: 200 },
      { label: 'Discount', amount: -18 },
      { label: 'Taxes', amount: 17.5 },
      { label: 'Total', amount: 199.5 },
    ],
    totalPriceRounded: 200,
    quoteId: 'q1',
    ...over,
  };
}
