import { useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../errorMessage';
import { notifyError } from '../notify';
import type { ImageRefusal, ImageUploadOptions } from './imageUpload';
import { ImageUploadContext } from './ImageUploadContext';

/**
 * The image upload of an editor inside a project: the project's uploader, and an alert (an error toast, which
 * screen readers announce as an alert) for each file not taken. Undefined outside a project.
 */
export function useImageUploadOptions(): ImageUploadOptions | undefined {
  const upload = useContext(ImageUploadContext);
  const { t } = useTranslation();
  return useMemo(() => {
    if (!upload) return undefined;
    const onRefused = (reason: ImageRefusal, file: File, error?: unknown) => {
      switch (reason) {
        case 'tooLarge':
          return notifyError(t('editor.imageTooLarge'));
        case 'notImage':
          return notifyError(t('editor.imageNotImage', { name: file.name }));
        case 'failed':
          return notifyError(errorMessage(error, t), t('editor.imageFailed'));
      }
    };
    return { upload, onRefused, uploadingText: t('editor.imageUploading') };
  }, [upload, t]);
}
