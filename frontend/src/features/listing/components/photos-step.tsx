import { useState } from 'react';
import { PhotoListView, savedPhotos, usePhotoList, type PhotoUploads } from '@/components/photo-manager/photo-manager';
import { browserPhotoTools } from '@/lib/photos/photo-tools';
import type { PhotoTools } from '@/lib/photos/prepare-photo';
import { presignUploads, putFile } from '@/api/upload-photos';
import { MSG } from '../lib/messages';
import { BackButton, NextButton, StepFrame } from './step-frame';
import { useStepSave } from './use-step-save';
import { useWizard } from './wizard-context';

const EXAMPLES = [
  { title: 'Front three-quarter', text: 'The whole car from a front corner: the photo guests see first.' },
  { title: 'Side', text: 'The full length of the car, wheels and all.' },
  { title: 'Rear', text: 'The back of the car, the plate may show.' },
  { title: 'Front seats', text: 'From the open driver door.' },
  { title: 'Back seats', text: 'Space and condition of the rear.' },
  { title: 'Dashboard', text: 'Screen, controls and the clean interior.' },
];

const LISTING_UPLOADS: PhotoUploads = { presign: presignUploads, put: putFile, failed: MSG.photoUpload };

/**
 * Photos (spec 001 sections 4, 5 and 9): sub-step 1 shows examples and Add Photos; sub-step 2
 * is the shared photo list (`components/photo-manager`: HEIC converted, size and resolution
 * checked, JPEGs of at most 2 MB uploaded with progress, reorder, remove, main photo). Back
 * there clears the photos. Errors clear after 5 s.
 */
export function PhotosStep({ tools = browserPhotoTools }: { tools?: PhotoTools }) {
  const { draft, back } = useWizard();
  const list = usePhotoList(savedPhotos(draft?.photoUrls ?? [], draft?.primaryPhotoUrl), LISTING_UPLOADS, tools);
  const [sub, setSub] = useState<1 | 2>(list.photos.length ? 2 : 1);
  const { save, pending, error } = useStepSave({ failed: MSG.photosFailed, error: MSG.photosError });

  const submit = async () => {
    const urls = list.urls;
    if (!urls.length) {
      list.setErrors([MSG.photosRequired]);
      return;
    }
    await save({ sectionName: 'photos', primaryPhotoUrl: urls[0], photoUrls: urls });
  };

  if (sub === 1)
    return (
      <StepFrame
        title="Add photos of your car"
        intro="Great photos get more bookings. Shoot in daylight, in landscape, with the whole car in the frame."
        testId="photos-intro"
        onSubmit={() => setSub(2)}
        actions={
          <>
            <BackButton onClick={back} />
            <NextButton pending={false} label="Add Photos" />
          </>
        }
      >
        <ul className="listing-examples" aria-label="Photos to take">
          {EXAMPLES.map((x) => (
            <li key={x.title} className="panel">
              <strong>{x.title}</strong>
              <span className="muted">{x.text}</span>
            </li>
          ))}
        </ul>
        <p className="field__hint">JPEG, PNG or HEIC, up to 20 MB each, at least 360 × 360 pixels. The first photo is the main one.</p>
      </StepFrame>
    );

  return (
    <StepFrame
      title="Upload your photos"
      intro="Use the arrows to put them in order: the first photo is the main one guests see."
      testId="photos-upload"
      error={error}
      onSubmit={() => void submit()}
      actions={
        <>
          <BackButton
            disabled={pending}
            onClick={() => {
              list.clear();
              list.setErrors([]);
              setSub(1);
            }}
          />
          <NextButton pending={pending} disabled={list.uploading} label={list.uploading ? 'Uploading…' : 'Save and continue'} />
        </>
      }
    >
      <PhotoListView list={list} />
    </StepFrame>
  );
}
