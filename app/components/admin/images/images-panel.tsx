import { useQuery } from "@tanstack/react-query";
import { deleteImage, listImages, type UploadedImage } from "~/lib/admin/images";
import { adminKeys } from "~/lib/admin/keys";
import { postsQuery } from "~/lib/admin/posts";
import { screenErrorTexts } from "~/lib/data-result";
import type { AdminPanelProps } from "../admin-view";
import { useAdminWrite } from "../admin-write";
import { ImageList } from "./image-list";

/** "Imagens": the uploaded images and the posts that show each one; the bin deletes one. */
export function ImagesPanel({ client, copy, active }: AdminPanelProps) {
  const images = useQuery({
    queryKey: adminKeys.images,
    queryFn: () => listImages(client),
    // Only while its tab is open: the other tabs do not need the bucket's listing.
    enabled: active,
  });
  const remove = useAdminWrite((image: UploadedImage) => deleteImage(client, image), {
    done: copy.toasts.imageDeleted,
    failure: screenErrorTexts.messageWrite(copy),
    reload: adminKeys.images,
  });
  // "Usada em 1 post": the posts tab's list, already loaded.
  const posts = useQuery(postsQuery(client));
  return (
    <ImageList
      images={images.data}
      posts={posts.data ?? []}
      loading={images.isPending}
      failed={images.isError}
      copy={copy.images}
      removeTooltip={copy.list.remove}
      onDelete={(image, usedBy) => {
        const question =
          usedBy.length > 0
            ? copy.images.confirmDeleteUsed(usedBy.map((post) => post.title))
            : copy.images.confirmDelete;
        if (window.confirm(question)) remove.mutate(image);
      }}
    />
  );
}
