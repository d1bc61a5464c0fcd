import type { Session } from "@supabase/supabase-js";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, LogOut, Plus } from "lucide-react";
import { useCallback, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { adminCopy as AdminCopy } from "~/content/admin";
import {
  adminKeys,
  deleteMessage,
  deletePost,
  listAllPosts,
  listMessages,
  countNewMessages,
  saveMessageNote,
  setMessageStatus,
  type MessageFilters,
  resendDelivery,
  savePost,
  type PostInput,
  deleteImage,
  listImages,
  type UploadedImage,
} from "~/lib/admin-data";
import type { BlogPost, ContactMessage, LeadDelivery } from "~/lib/blog-types";
import { dataErrorOf, errorNotice, screenErrorTexts, type ErrorNotice } from "~/lib/data-result";
import type { AppSupabaseClient } from "~/lib/database.types";
import { MessageFilterBar } from "./message-filters";
import { MessagesList } from "./messages-list";
import { PostDialog, type PostFormErrors } from "./post-dialog";
import { ImageList } from "./image-list";
import { PostList } from "./post-list";
import { AccountSecurity } from "./account-security";
import { ActivityPanel } from "./activity-panel";
import { TeamPanel } from "./team-panel";
import { uploadImage } from "~/lib/image-upload";
import type { BrowserBackendConfig } from "~/lib/supabase.client";

export interface AdminScreenProps {
  client: AppSupabaseClient;
  session: Session;
  copy: typeof AdminCopy;
  onSignOut: () => void;
  /** Where the browser reaches the backend: uploads go to its storage API. */
  backend: BrowserBackendConfig;
  /** ADMIN_REQUIRE_MFA and no factor yet: only "Segurança da conta" until one is enrolled. */
  mustEnrol: boolean;
  /** A factor was added or removed: the gate checks the session's level again. */
  onSecurityChanged: () => void;
  /** "Sair de todos os dispositivos" finished. */
  onSignedOutEverywhere: () => void;
}

type DialogState = { open: false } | { open: true; post: BlogPost | null; key: number };

/** A failure as docs/product.md §8 says to show it (app/lib/data-result.ts decides what). */
function showError(notice: ErrorNotice | null) {
  if (notice) toast.error(notice.title, { description: notice.description });
}

/** The blog administration of docs/product.md §2 plus the leads ("Mensagens", docs/product.md). */
export function AdminScreen(props: AdminScreenProps) {
  const { client, copy, onSignOut, mustEnrol, onSecurityChanged, onSignedOutEverywhere } = props;
  const security = (
    <AccountSecurity
      client={client}
      copy={copy.security}
      errorTitle={copy.toasts.errorTitle}
      required={mustEnrol}
      onFactorsChanged={onSecurityChanged}
      onSignedOutEverywhere={onSignedOutEverywhere}
    />
  );
  if (mustEnrol) {
    return (
      <div className="mx-auto max-w-5xl px-6 py-12 lg:py-16">
        <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold tracking-tight">{copy.title}</h1>
          <Button variant="outline" onClick={onSignOut}>
            <LogOut aria-hidden="true" />
            {copy.signOut}
          </Button>
        </div>
        {security}
      </div>
    );
  }
  return <AdminWorkspace {...props} security={security} />;
}

/** The admin's tabs: posts, leads, images, account security, team and activity. */
function AdminWorkspace({
  client,
  session,
  copy,
  onSignOut,
  backend,
  security,
}: AdminScreenProps & { security: ReactNode }) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [serverErrors, setServerErrors] = useState<PostFormErrors>({});
  const [tab, setTab] = useState("posts");
  const [messagesPage, setMessagesPage] = useState(1);
  const [filters, setFilters] = useState<MessageFilters>({});

  const posts = useQuery({ queryKey: adminKeys.posts, queryFn: () => listAllPosts(client) });
  const messages = useQuery({
    queryKey: [...adminKeys.messages, messagesPage, filters],
    queryFn: () => listMessages(client, messagesPage, filters),
    // The page on screen stays until the next one arrives, instead of flashing "Carregando...".
    placeholderData: keepPreviousData,
  });
  const images = useQuery({
    queryKey: adminKeys.images,
    queryFn: () => listImages(client),
    // Only while its tab is open: the other tabs do not need the bucket's listing.
    enabled: tab === "images",
  });
  const newCount = useQuery({
    queryKey: [...adminKeys.messages, "new-count"],
    queryFn: () => countNewMessages(client),
  });
  const filterBy = useCallback((key: keyof MessageFilters, value: string) => {
    setFilters((current) => ({ ...current, [key]: value || undefined }));
    setMessagesPage(1);
  }, []);
  // listMessages falls back to the last page when the one asked for is gone (its last lead was
  // deleted); what it returned is the page on screen.
  const shownPage = messages.isPlaceholderData ? messagesPage : (messages.data?.page ?? messagesPage);

  const openDialog = (post: BlogPost | null) => {
    setServerErrors({});
    setDialog({ open: true, post, key: Date.now() });
  };
  const closeDialog = () => {
    setServerErrors({});
    setDialog({ open: false });
  };

  const save = useMutation({
    mutationFn: ({ input, id }: { input: PostInput; id: string | null }) =>
      savePost(client, input, session.user.id, id),
    onSuccess: (_data, { id }) => {
      const done = id ? copy.toasts.updated : copy.toasts.created;
      toast.success(done.title, { description: done.description });
      closeDialog();
    },
    onError: (error) => {
      const failure = dataErrorOf(error);
      const notice = errorNotice(failure, screenErrorTexts.savePost(copy));
      // A taken slug is said under the field as well as in the toast.
      if (failure.kind === "conflict" && notice) setServerErrors({ slug: notice.description });
      showError(notice);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.posts }),
  });

  const remove = useMutation({
    mutationFn: (post: BlogPost) => deletePost(client, post.id),
    onSuccess: () => toast.success(copy.toasts.deleted.title, { description: copy.toasts.deleted.description }),
    // docs/product.md §8: a failed delete shows nothing; the reloaded list tells the truth.
    onError: (error) => showError(errorNotice(dataErrorOf(error), screenErrorTexts.deletePost(copy))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.posts }),
  });

  const removeImage = useMutation({
    mutationFn: (image: UploadedImage) => deleteImage(client, image),
    onSuccess: () =>
      toast.success(copy.toasts.imageDeleted.title, { description: copy.toasts.imageDeleted.description }),
    onError: (error) => showError(errorNotice(dataErrorOf(error), screenErrorTexts.messageWrite(copy))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.images }),
  });

  // Every write to a lead (status, note, delete, Reenviar): its toast on success, the spec's
  // error toast on failure, and the inbox reloaded either way.
  const leadWrite = <V,>(run: (variables: V) => Promise<void>, done: { title: string; description: string }) => ({
    mutationFn: run,
    onSuccess: () => toast.success(done.title, { description: done.description }),
    onError: (error: unknown) => showError(errorNotice(dataErrorOf(error), screenErrorTexts.messageWrite(copy))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.messages }),
  });
  const changeStatus = useMutation(
    leadWrite(
      ({ message, status }: { message: ContactMessage; status: string }) =>
        setMessageStatus(client, message.id, status),
      copy.toasts.statusChanged,
    ),
  );
  const saveNote = useMutation(
    leadWrite(
      ({ message, note }: { message: ContactMessage; note: string }) => saveMessageNote(client, message.id, note),
      copy.toasts.noteSaved,
    ),
  );
  const removeMessage = useMutation(
    leadWrite((message: ContactMessage) => deleteMessage(client, message.id), copy.toasts.messageDeleted),
  );
  const resend = useMutation(
    leadWrite((delivery: LeadDelivery) => resendDelivery(client, delivery.id), copy.toasts.deliveryResent),
  );

  // The server streams the CSV (app/routes/admin/export.ts); the browser saves it under its name.
  const exportCsv = useMutation({
    mutationFn: async () => {
      const query = new URLSearchParams(
        Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
      );
      const response = await fetch(`/admin/mensagens.csv${query.size > 0 ? `?${query}` : ""}`, {
        headers: { Authorization: `Bearer ${session.access_token}` },
      });
      if (!response.ok) throw new Error(`Export failed: ${response.status}`);
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await response.blob());
      link.download = copy.messages.export.fileName(new Date().toISOString().slice(0, 10));
      link.click();
      URL.revokeObjectURL(link.href);
    },
    onError: () => toast.error(copy.toasts.errorTitle, { description: copy.messages.export.failed }),
  });

  const renderPreview = useCallback(
    async (markdown: string, signal: AbortSignal) => {
      const response = await fetch("/admin/preview", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ markdown }),
        signal,
      });
      if (!response.ok) throw new Error(`Preview failed: ${response.status}`);
      return ((await response.json()) as { html: string }).html;
    },
    [session.access_token],
  );

  const uploadBlogImage = useCallback(
    (file: File, onProgress: (fraction: number) => void) =>
      uploadImage({ config: backend, accessToken: session.access_token, file, onProgress }),
    [backend, session.access_token],
  );

  return (
    <div className="mx-auto max-w-5xl px-6 py-12 lg:py-16">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{copy.title}</h1>
        <div className="flex gap-2">
          <Button onClick={() => openDialog(null)}>
            <Plus aria-hidden="true" />
            {copy.newPost}
          </Button>
          <Button variant="outline" onClick={onSignOut}>
            <LogOut aria-hidden="true" />
            {copy.signOut}
          </Button>
        </div>
      </div>

      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        <TabsList aria-label={copy.tabs.label}>
          <TabsTrigger value="posts">{copy.tabs.posts}</TabsTrigger>
          <TabsTrigger value="messages">
            {copy.tabs.messages}
            {newCount.data ? (
              <span className="ml-2 rounded-full bg-primary px-2 text-xs font-semibold text-primary-foreground">
                {copy.tabs.newCount(newCount.data)}
              </span>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="images">{copy.tabs.images}</TabsTrigger>
          <TabsTrigger value="security">{copy.tabs.security}</TabsTrigger>
          <TabsTrigger value="team">{copy.tabs.team}</TabsTrigger>
          <TabsTrigger value="activity">{copy.tabs.activity}</TabsTrigger>
        </TabsList>
        <TabsContent value="security" active={tab === "security"}>
          {security}
        </TabsContent>
        <TabsContent value="team" active={tab === "team"}>
          {tab === "team" ? (
            <TeamPanel
              client={client}
              accessToken={session.access_token}
              currentUserId={session.user.id}
              copy={copy.team}
              errorTitle={copy.toasts.errorTitle}
            />
          ) : null}
        </TabsContent>
        <TabsContent value="activity" active={tab === "activity"}>
          {tab === "activity" ? <ActivityPanel client={client} copy={copy.activity} /> : null}
        </TabsContent>
        <TabsContent value="posts" active={tab === "posts"}>
          <PostList
            posts={posts.data}
            loading={posts.isPending}
            failed={posts.isError}
            copy={copy.list}
            onEdit={(post) => openDialog(post)}
            onDelete={(post) => {
              if (window.confirm(copy.confirmDelete)) remove.mutate(post);
            }}
          />
        </TabsContent>
        <TabsContent value="images" active={tab === "images"}>
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
              if (window.confirm(question)) removeImage.mutate(image);
            }}
          />
        </TabsContent>
        <TabsContent value="messages" active={tab === "messages"}>
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <MessageFilterBar filters={filters} copy={copy.messages} onChange={filterBy} />
            <Button variant="outline" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
              <Download aria-hidden="true" />
              {exportCsv.isPending ? copy.messages.export.busy : copy.messages.export.button}
            </Button>
          </div>
          <MessagesList
            messages={messages.data?.messages}
            deliveries={messages.data?.deliveries}
            onResend={(delivery) => resend.mutate(delivery)}
            loading={messages.isPending}
            failed={messages.isError}
            copy={copy.messages}
            pagination={
              messages.data
                ? {
                    page: shownPage,
                    pageCount: messages.data.pageCount,
                    total: messages.data.total,
                    busy: messages.isPlaceholderData,
                    onPageChange: setMessagesPage,
                  }
                : undefined
            }
            onStatusChange={(message, status) => changeStatus.mutate({ message, status })}
            onSaveNote={(message, note) => saveNote.mutate({ message, note })}
            onDelete={(message) => {
              if (window.confirm(copy.messages.confirmDelete)) removeMessage.mutate(message);
            }}
          />
        </TabsContent>
      </Tabs>

      <PostDialog
        key={dialog.open ? dialog.key : "closed"}
        open={dialog.open}
        post={dialog.open ? dialog.post : null}
        copy={copy.dialog}
        saving={save.isPending}
        serverErrors={serverErrors}
        onOpenChange={(open) => {
          if (!open) closeDialog();
        }}
        onSubmit={(input) => {
          setServerErrors({});
          save.mutate({ input, id: dialog.open && dialog.post ? dialog.post.id : null });
        }}
        renderPreview={renderPreview}
        uploadImage={uploadBlogImage}
      />
    </div>
  );
}
