import { Button, FieldError, Label, ProfileAvatar } from '@promatch/shared';
import { useEffect, useId, useState } from 'react';
import Cropper from 'react-easy-crop';
import styled from 'styled-components';
import { cropToSquareJpeg, type PixelArea } from '../utils/crop-image';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
/** Larger originals are refused before cropping: the browser would struggle to draw them. */
const MAX_ORIGINAL_BYTES = 15 * 1024 * 1024;

const Row = styled.div`
  display: flex;
  gap: 1rem;
  align-items: center;
  flex-wrap: wrap;
`;

const CropArea = styled.div`
  position: relative;
  width: min(100%, 22rem);
  height: 18rem;
  background: #0f172a;
  border-radius: ${({ theme }) => theme.radius};
  overflow: hidden;
`;

export interface AvatarFieldProps {
  name: string;
  avatarUrl: string | null;
  /** Uploads the cropped JPEG and saves it as the profile photo. */
  onSave(image: Blob): Promise<unknown>;
  saving: boolean;
}

/** Choose a photo, frame it in a round crop with zoom, and save it as the profile photo. */
export function AvatarField({ name, avatarUrl, onSave, saving }: AvatarFieldProps) {
  const inputId = useId();
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  const choose = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) {
      setError('Please choose a PNG, JPEG, WebP or GIF picture');
      return;
    }
    if (file.size > MAX_ORIGINAL_BYTES) {
      setError('Please choose a picture under 15 MB');
      return;
    }
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    setSource(URL.createObjectURL(file));
  };

  const save = async () => {
    if (!source || !area) return;
    try {
      await onSave(await cropToSquareJpeg(source, area));
      setSource(null);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'The photo could not be saved');
    }
  };

  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 1.25rem' }}>
      <legend style={{ fontWeight: 600, marginBottom: '0.5rem' }}>Profile photo</legend>
      <Row>
        <ProfileAvatar name={name} src={avatarUrl} size="lg" alt="Your current profile photo" />
        <div>
          <Label htmlFor={inputId}>Choose a new photo</Label>
          <input
            id={inputId}
            type="file"
            accept={ACCEPTED.join(',')}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </div>
      </Row>
      {source ? (
        <div role="group" aria-label="Crop your photo" style={{ marginTop: '1rem' }}>
          <p>Drag the picture to frame your face; use the slider or arrow keys to zoom.</p>
          <CropArea>
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          </CropArea>
          <Label htmlFor={`${inputId}-zoom`} style={{ marginTop: '0.75rem' }}>
            Zoom
          </Label>
          <input
            id={`${inputId}-zoom`}
            type="range"
            min={1}
            max={3}
            step={0.1}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
          />
          <Row style={{ marginTop: '0.75rem' }}>
            <Button type="button" onClick={() => void save()} disabled={saving || !area}>
              {saving ? 'Saving photo…' : 'Save photo'}
            </Button>
            <Button type="button" $variant="outline" onClick={() => setSource(null)}>
              Cancel
            </Button>
          </Row>
        </div>
      ) : null}
      {error ? <FieldError role="alert">{error}</FieldError> : null}
    </fieldset>
  );
}
