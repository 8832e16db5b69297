import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { Box, Button } from '@mui/material';
import { type ChangeEvent, useRef } from 'react';
import { photoTexts } from '../../shared/texts/photos.ts';

/**
 * The explicit list makes an iPhone convert its HEIC photos to JPEG before the page gets them (with
 * `image/*` some iOS versions hand over the HEIC itself).
 */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * "Tag foto" and "Vælg foto" (decision 0016): two buttons over hidden file inputs. "Tag foto" opens the phone's
 * camera at once (`capture="environment"`, the back camera; a laptop shows its file picker); "Vælg foto" picks
 * one or more photos from the phone's gallery. The files go to `onFiles`, as they were picked.
 */
export function PhotoButtons({
  onFiles,
  disabled = false,
  multiple = true,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** Whether "Vælg foto" may pick several at once. */
  multiple?: boolean;
}) {
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same photo may be chosen again (after a refusal, or once deleted).
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        startIcon={<PhotoCameraOutlinedIcon />}
        disabled={disabled}
        onClick={() => camera.current?.click()}
      >
        {photoTexts.take}
      </Button>
      <Button
        variant="outlined"
        startIcon={<AddPhotoAlternateOutlinedIcon />}
        disabled={disabled}
        onClick={() => gallery.current?.click()}
      >
        {photoTexts.choose}
      </Button>
      <input
        ref={camera}
        type="file"
        accept={PHOTO_ACCEPT}
        capture="environment"
        hidden
        tabIndex={-1}
        aria-label={photoTexts.take}
        data-photo-input="camera"
        onChange={picked}
      />
      <input
        ref={gallery}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple={multiple}
        hidden
        tabIndex={-1}
        aria-label={photoTexts.choose}
        data-photo-input="gallery"
        onChange={picked}
      />
    </Box>
  );
}
