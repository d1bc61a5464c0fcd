import { useMemo, useState } from "react";
import type { UploadImage } from "./posts/image-drop";

/**
 * Wraps a form's upload function to count the uploads under way, so the form can refuse to save
 * until each file's URL is in its values: a post saved meanwhile would go without its image.
 * The count drops in the same task that hands the URL over, so no render sees one without the other.
 */
export function useTrackedUpload(upload: UploadImage | undefined): {
  upload: UploadImage | undefined;
  uploading: boolean;
} {
  const [pending, setPending] = useState(0);
  const tracked = useMemo<UploadImage | undefined>(
    () =>
      upload &&
      ((file, onProgress) => {
        setPending((count) => count + 1);
        return upload(file, onProgress).finally(() => setPending((count) => count - 1));
      }),
    [upload],
  );
  return { upload: tracked, uploading: pending > 0 };
}
