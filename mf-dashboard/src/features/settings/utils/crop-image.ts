/** The part of the picture the user framed, in the image's own pixels (react-easy-crop's area). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Avatars are stored as 400 x 400 JPEG: sharp on a profile page, a few tens of KB. */
export const AVATAR_SIZE = 400;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('This file could not be read as a picture'));
    image.src = src;
  });
}

/** Draws the framed square of the picture onto a canvas and encodes it as JPEG. */
export async function cropToSquareJpeg(src: string, area: PixelArea): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Your browser cannot crop pictures');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, AVATAR_SIZE, AVATAR_SIZE);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be saved'))),
      'image/jpeg',
      0.9,
    ),
  );
}
