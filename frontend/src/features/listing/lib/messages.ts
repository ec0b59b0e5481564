/** Every message of the listing wizard (spec 001 sections 5 and 8), word for word. */
export const MSG = {
  // location
  streetRequired: 'Street address is required.',
  cityRequired: 'City is required.',
  stateRequired: 'State is required.',
  zipRequired: 'Zip code is required.',
  geocodeFailed: 'Unable to find location. Please ensure the address is correct.',
  addressSaveFailed: 'Error submitting the address',
  // VIN
  invalidVin: 'Please enter a valid 17-digit VIN number.',
  vinTerms: 'You must agree to the terms of service before continuing',
  vinNoDetails: 'Car details could not be fetched for this VIN.',
  vinLookupFailed: 'Error fetching car details.',
  vinSubmitFailed: 'Failed to submit the car info.',
  vinSubmitError: 'Error submitting car info.',
  vinRegistered: 'A car with this VIN number is already in our system. Please try adding a different vehicle or contact support if you believe this is an error.',
  // vehicle edit modal
  yearRequired: 'Please select a car year',
  makeRequired: 'Please select a make',
  modelRequired: 'Please select a model',
  trimRequired: 'Please enter a trim',
  styleRequired: 'Please select a style',
  // odometer form
  odometerRequired: 'Please select an odometer reading',
  transmissionRequired: 'Transmission type is required',
  // availability
  notAuthenticated: 'User is not authenticated. Please log in.',
  availabilityFailed: 'Failed to submit car availability',
  availabilityError: 'Error submitting car availability',
  // features
  plateRequired: 'License plate number is required.',
  specialFeatureRequired: 'Special feature is required.',
  featuresFailed: 'Failed to submit car features',
  featuresError: 'Error submitting car features',
  statesFailed: 'Unable to load states',
  // description
  descriptionTooShort: 'Description must be at least 60 words.',
  descriptionError: 'Error submitting car description: ',
  aiFailed: 'Failed to generate AI description. Please try again.',
  // daily price
  priceRequired: 'Daily price is required.',
  priceInvalid: 'Please enter a valid daily price greater than 0.',
  priceError: 'Error updating daily price.',
  // photos
  photosRequired: 'Please upload photos before submitting.',
  photoTooLarge: (file: string) => `${file} exceeds the maximum size of 20MB.`,
  photoResolution: (file: string) => `Resolution error for ${file}`,
  photoUpload: (reason: string) => `Error uploading images: ${reason}`,
  photosFailed: 'Failed to update car listing.',
  photosError: 'An error occurred while submitting the car listing.',
  // finalize
  finalizeTerms: 'Please agree to the terms of service.',
  finalizeFailed: 'Failed to submit the car listing. Please try again.',
  thanksTitle: 'Thank you for submitting your listing!',
  thanksBody: 'Your car listing is under review and will be approved soon.',
} as const;
