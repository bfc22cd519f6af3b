import { Button, FieldError, FieldGroup, Label, ProfileAvatar } from '@promatch/shared';
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

/** The cropper, its zoom slider and buttons, a step apart. */
const CropGroup = styled.div`
  margin-top: ${({ theme }) => theme.space.lg};
  > label,
  > div:last-child {
    margin-top: ${({ theme }) => theme.space.md};
  }
`;

const CropArea = styled.div`
  position: relative;
  width: min(100%, 22rem);
  height: 18rem;
  background: ${({ theme }) => theme.colors.media};
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
    <FieldGroup>
      <legend>Profile photo</legend>
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
        <CropGroup role="group" aria-label="Crop your photo">
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
          <Label htmlFor={`${inputId}-zoom`}>Zoom</Label>
          <input
            id={`${inputId}-zoom`}
            type="range"
            min={1}
            max={3}
            step={0.1}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
          />
          <Row>
            <Button type="button" onClick={() => void save()} disabled={saving || !area}>
              {saving ? 'Saving photo…' : 'Save photo'}
            </Button>
            <Button type="button" $variant="outline" onClick={() => setSource(null)}>
              Cancel
            </Button>
          </Row>
        </CropGroup>
      ) : null}
      {error ? <FieldError role="alert">{error}</FieldError> : null}
    </FieldGroup>
  );
}
