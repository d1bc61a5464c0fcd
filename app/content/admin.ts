// Texts of the blog administration (docs/product.md §2 "Administration", §4, §5, §7, §8; docs/product.md).

/** Where visits and leads come from (app/lib/analytics-source.ts): "Análises" and "Mensagens" say it alike. */
const channelLabels: Record<string, string> = {
  direct: "Direto",
  search: "Busca orgânica",
  social: "Redes sociais",
  email: "E-mail",
  paid: "Pago",
  referral: "Outros sites",
};

/** Under a sharing image smaller than link previews draw it (app/lib/image-upload.ts, SHARE_IMAGE_SIZE). */
const smallShareImage = (width: number, height: number) =>
  `Esta imagem tem ${width} × ${height} pixels: nas prévias de links (WhatsApp, LinkedIn) ela pode aparecer borrada ou cortada. O ideal é 1200 × 630 pixels ou mais.`;

export const adminCopy = {
  metaTitle: "Administração do Blog | Omnia",
  metaDescription: "Área restrita para gerenciar os posts do blog e as mensagens recebidas.",
  title: "Administração do Blog",
  newPost: "Novo Post",
  signOut: "Sair",
  /** "Sair" while Configurações or a lead's note has unsaved changes (a browser confirm). */
  unsavedSignOut: "Há alterações não salvas em Configurações ou em notas de mensagens. Sair e descartá-las?",
  /**
   * The /admin route's error boundary (app/routes/admin/admin.tsx): a screen that failed to render
   * shows this instead of the router's default. "Recarregar" loads the page again.
   */
  crashed: {
    title: "Algo deu errado",
    text: "Não foi possível mostrar esta tela. Recarregue a página para continuar.",
    reload: "Recarregar",
  },
  /** The admin's own compact bar (app/components/admin/admin-screen.tsx): no marketing header. */
  bar: {
    label: "Barra da administração",
    skipToContent: "Pular para o conteúdo",
    /** The site's name links to the public site. */
    siteLink: (siteName: string) => `${siteName}: ir para o site`,
    /** Before the e-mail, for screen readers; the full address is its tooltip too. */
    signedInAs: "Conectado como",
  },
  tabs: {
    label: "Seções da administração",
    posts: "Posts",
    messages: "Mensagens",
    images: "Imagens",
    security: "Segurança",
    team: "Equipe",
    activity: "Atividade",
    settings: "Configurações",
    tags: "Tags e autoria",
    analytics: "Análises",
    // Beside "Mensagens": how many leads nobody has handled yet.
    newCount: (count: number) => (count === 1 ? "1 nova" : `${count} novas`),
  },
  list: {
    label: "Posts",
    loading: "Carregando...",
    empty: "Nenhum post criado ainda.",
    published: "Publicado",
    draft: "Rascunho",
    // A writer's draft sent for review (docs/security.md "Roles").
    inReview: "Em revisão",
    // A published post whose moment has not come (issue #36): "Publicado, agendado para 02/12/2026 09:00".
    scheduled: (when: string) => `agendado para ${when}`,
    created: (date: string) => `Criado ${date}`,
    edit: "Editar",
    remove: "Excluir",
    editLabel: (title: string) => `Editar post ${title}`,
    removeLabel: (title: string) => `Excluir post ${title}`,
    loadError: "Não foi possível carregar os posts.",
    // The list's search and filters, a row's thumbnail and link (issue #37).
    search: "Buscar por título",
    searchPlaceholder: "Buscar posts",
    filtersLabel: "Filtrar posts",
    filters: { all: "Todos", published: "Publicados", scheduled: "Agendados", drafts: "Rascunhos" },
    tag: "Tag",
    anyTag: "Todas as tags",
    noMatches: "Nenhum post encontrado com esses filtros.",
    view: "Ver no site",
    viewLabel: (title: string) => `Ver no site: ${title}`,
  },
  dialog: {
    createTitle: "Novo Post",
    createDescription: "Preencha os dados para criar um novo post",
    editTitle: "Editar Post",
    editDescription: "Atualize as informações do post",
    cancel: "Cancelar",
    create: "Criar Post",
    update: "Atualizar Post",
    saving: "Salvando...",
    waitForUpload: "Aguarde o envio da imagem terminar para salvar.",
    close: "Fechar",
    write: "Escrever",
    preview: "Pré-visualizar",
    // Wide screens only: the Markdown and the rendered post side by side (issue #37).
    split: "Lado a lado",
    contentModes: "Modo do editor",
    previewLoading: "Gerando pré-visualização...",
    previewEmpty: "Nada para pré-visualizar ainda.",
    previewError: "Não foi possível gerar a pré-visualização.",
    fields: {
      title: { label: "Título", placeholder: "Como melhorar o atendimento ao cliente" },
      slug: {
        label: "Slug",
        placeholder: "como-melhorar-atendimento",
        hint: "Endereço do post: letras minúsculas, números e hífens.",
      },
      excerpt: { label: "Resumo", placeholder: "Um parágrafo curto que aparece na lista do blog" },
      content: { label: "Conteúdo", placeholder: "Escreva o post em Markdown", hint: "Aceita Markdown." },
      featuredImage: {
        label: "Imagem destacada",
        placeholder: "https://exemplo.com/imagem.jpg",
        choose: "Escolher imagem",
        dropHint:
          "ou arraste uma imagem para cá, ou cole com Ctrl+V. JPEG, PNG, WebP, AVIF ou GIF, até 5 MB; ideal: 1200 × 630 pixels ou mais.",
        uploading: "Enviando imagem...",
        uploaded: "Imagem enviada.",
        remove: "Remover imagem",
        preview: "Pré-visualização da imagem destacada",
        small: smallShareImage,
      },
      published: "Publicar post",
      // The editorial blog's fields (issue #36): plain fields until the full editor arrives.
      publishedAt: {
        label: "Data de publicação",
        hint: "Horário de Brasília. Vazio: publica ao salvar. Uma data futura agenda o post.",
      },
      tags: {
        label: "Tags",
        placeholder: "Escolha ou digite uma tag",
        hint: "A primeira é a tag principal. Até 10; uma tag nova é criada ao salvar.",
        // A writer (autor) picks among the existing tags: only editors create them.
        hintExisting: "A primeira é a tag principal. Até 10, entre as tags existentes.",
        notExisting: "Escolha uma tag existente. Tags novas são criadas pelos editores.",
        add: "Adicionar tag",
        remove: (name: string) => `Remover a tag ${name}`,
        primary: "principal",
        listLabel: "Tags do post",
        loading: "Carregando as tags...",
      },
      author: { label: "Autor", noProfile: (who: string) => `${who} (sem perfil de autor)`, you: "Você" },
      seo: {
        legend: "SEO e compartilhamento",
        hint: "Vazios, usam o título, o resumo e a imagem destacada.",
        metaTitle: { label: "Título para buscadores", placeholder: "Até 300 caracteres" },
        metaDescription: { label: "Descrição para buscadores", placeholder: "Até 500 caracteres" },
        ogImage: { label: "Imagem de compartilhamento", placeholder: "https://exemplo.com/compartilhar.jpg" },
        canonicalUrl: {
          label: "URL canônica",
          placeholder: "https://exemplo.com/artigo-original",
          hint: "Só quando o post foi publicado antes em outro endereço.",
        },
        noindex: "Ocultar dos buscadores (noindex)",
        // Search engines cut titles and descriptions around these lengths (issue #37).
        counter: (count: number, advice: number) => `${count} de ${advice} caracteres recomendados`,
      },
    },
    // The full-screen editor (issue #37): its settings panel, previews and the guards on its work.
    settings: "Configurações do post",
    contentPreview: "Pré-visualização",
    discard: {
      title: "Descartar alterações?",
      description: "As alterações feitas neste post ainda não foram salvas e serão perdidas.",
      confirm: "Descartar alterações",
      keep: "Continuar editando",
    },
    recovery: {
      text: (when: string) => `Há um rascunho não salvo deste post, de ${when}.`,
      recover: "Recuperar rascunho não salvo",
      dismiss: "Descartar rascunho",
    },
    previews: {
      legend: "Prévias na busca e ao compartilhar",
      loading: "Carregando as prévias...",
      search: "Resultado de busca (Google)",
      share: "Link compartilhado (WhatsApp, LinkedIn)",
    },
    validation: {
      titleRequired: "Informe o título.",
      titleTooLong: "O título tem no máximo 200 caracteres.",
      slugRequired: "Informe o slug.",
      slugInvalid: "Use apenas letras minúsculas, números e hífens (ex.: como-melhorar-atendimento).",
      slugReserved: "Este endereço é reservado pelo blog. Escolha outro slug.",
      slugTaken: "Já existe um post com este slug.",
      excerptTooLong: "O resumo tem no máximo 1.000 caracteres.",
      contentRequired: "Informe o conteúdo.",
      contentTooLong: "O conteúdo tem no máximo 200.000 caracteres.",
      imageInvalid: "Informe um endereço https:// ou um caminho do site.",
      dateInvalid: "Informe a data e a hora completas.",
      dateTooEarly: "Informe uma data a partir de 1900.",
      // The database's last moment is 31/12/9999 23:59 in UTC, three hours earlier in Brasília.
      dateTooLate: "Informe uma data até 31/12/9999 às 20:59.",
      tagLimit: "Um post pode ter no máximo 10 tags.",
      tagInvalid: "Cada tag precisa de um nome com letras ou números, de até 80 caracteres.",
      metaTitleTooLong: "O título para buscadores tem no máximo 300 caracteres.",
      metaDescriptionTooLong: "A descrição para buscadores tem no máximo 500 caracteres.",
      ogImageInvalid: "Informe uma URL válida (http ou https) ou um caminho do site.",
      canonicalInvalid: "Informe um endereço completo, começando com http:// ou https://.",
    },
    upload: {
      problems: {
        type: "Formato não suportado. Use JPEG, PNG, WebP, AVIF ou GIF.",
        size: "A imagem passa de 5 MB. Reduza o tamanho e tente novamente.",
        forbidden: "Sua conta não tem permissão para enviar imagens.",
        failed: "Não foi possível enviar a imagem. Tente novamente.",
      },
      inline: {
        title: "Inserir imagem no conteúdo",
        altLabel: "Texto alternativo",
        altHint: "Descreva a imagem para quem não pode vê-la.",
        altRequired: "Descreva a imagem ou marque-a como decorativa.",
        decorative: "Imagem decorativa (sem texto alternativo)",
        insert: "Inserir imagem",
        cancel: "Cancelar",
        uploading: "Enviando imagem para o conteúdo...",
      },
    },
  },
  images: {
    listLabel: "Imagens enviadas",
    loading: "Carregando...",
    empty: "Nenhuma imagem enviada ainda. Envie uma pela imagem destacada ou colando no conteúdo de um post.",
    failed: "Não foi possível carregar as imagens.",
    usedIn: (count: number) =>
      count === 0 ? "Não usada em nenhum post" : count === 1 ? "Usada em 1 post" : `Usada em ${count} posts`,
    /** In use though no post shows it: the database's in_use counts author photos and the site's image. */
    usedElsewhere: "Usada como foto de autor ou imagem de compartilhamento do site",
    size: (bytes: number) =>
      bytes >= 1024 * 1024
        ? `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`
        : `${Math.max(1, Math.round(bytes / 1024))} KB`,
    delete: (name: string) => `Excluir a imagem ${name}`,
    confirmDelete: "Tem certeza que deseja excluir esta imagem?",
    confirmDeleteUsed: (titles: string[]) =>
      `Esta imagem aparece em: ${titles.join("; ")}. Excluí-la deixa esses posts sem ela. Excluir mesmo assim?`,
    confirmDeleteUsedElsewhere:
      "Esta imagem é usada como foto de autor ou imagem de compartilhamento do site. Excluí-la deixa esse lugar sem imagem. Excluir mesmo assim?",
    /** Beside an upload nothing has shown for a day (the database decides: public.unused_blog_images). */
    unused: "Sem uso há mais de 24 horas",
    /** "Remover imagens sem uso": uploads of cancelled posts and replaced images, removed in one go. */
    cleanup: {
      title: "Imagens sem uso",
      description: (count: number) =>
        count === 1
          ? "1 imagem enviada não aparece em nenhum post, autor ou configuração há mais de 24 horas (por exemplo, de um post cancelado)."
          : `${count} imagens enviadas não aparecem em nenhum post, autor ou configuração há mais de 24 horas (por exemplo, de posts cancelados).`,
      button: (count: number) => (count === 1 ? "Remover 1 imagem sem uso" : `Remover ${count} imagens sem uso`),
      busy: "Removendo...",
      confirm: (count: number) =>
        count === 1
          ? "Remover a imagem sem uso? Ela será apagada de vez."
          : `Remover as ${count} imagens sem uso? Elas serão apagadas de vez.`,
      /** What really went: images that came into use after the list was shown are kept. */
      done: (count: number, kept: number) => ({
        title: count === 0 ? "Nenhuma imagem removida" : "Imagens removidas",
        description: [
          count === 0
            ? null
            : count === 1
              ? "1 imagem sem uso foi removida."
              : `${count} imagens sem uso foram removidas.`,
          kept === 0
            ? null
            : kept === 1
              ? "1 imagem passou a ser usada ou já tinha sido removida e ficou como estava."
              : `${kept} imagens passaram a ser usadas ou já tinham sido removidas e ficaram como estavam.`,
        ]
          .filter(Boolean)
          .join(" "),
      }),
    },
  },
  toasts: {
    created: { title: "Post criado", description: "O post foi criado com sucesso." },
    updated: { title: "Post atualizado", description: "O post foi atualizado com sucesso." },
    deleted: { title: "Post excluído", description: "O post foi excluído com sucesso." },
    imageDeleted: { title: "Imagem excluída", description: "A imagem foi excluída com sucesso." },
    /** Deleting an image that is already gone (another editor, or the cleanup, removed it). */
    imageGone: "Esta imagem já tinha sido excluída. A lista foi atualizada.",
    errorTitle: "Erro",
    /** Any write the network or the server failed: what was typed stays on screen. */
    unavailable: "Não foi possível falar com o servidor. Verifique sua conexão e tente de novo.",
    /** A write whose session ended (signed out elsewhere, or expired). */
    signedOut: "Sua sessão terminou. Entre novamente para continuar.",
    /** A write row-level security refused (a role changed since the screen was drawn). */
    forbidden: "Sua função não permite esta ação. Se ela mudou há pouco, entre novamente.",
    /** A failure the app did not expect (a bug): never an exception's English. */
    unexpected: "Ocorreu um erro. Tente novamente.",
    /** Saving a post someone else saved after it was opened (app/lib/admin/posts.ts, savePost). */
    postChanged:
      "Outra pessoa salvou este post depois que você o abriu. Para não apagar a versão dela, feche o editor e abra o post de novo: o seu texto será oferecido para recuperar.",
    messageDeleted: { title: "Mensagem excluída", description: "A mensagem foi excluída com sucesso." },
    deliveryResent: { title: "Reenvio agendado", description: "A entrega será tentada novamente em instantes." },
    statusChanged: { title: "Status atualizado", description: "O status da mensagem foi atualizado." },
    noteSaved: { title: "Nota salva", description: "A nota da mensagem foi salva." },
  },
  confirmDelete: "Tem certeza que deseja excluir este post?",
  messages: {
    label: "Mensagens recebidas",
    loading: "Carregando...",
    empty: "Nenhuma mensagem recebida ainda.",
    noMatches: "Nenhuma mensagem encontrada com esses filtros.",
    loadError: "Não foi possível carregar as mensagens.",
    from: "De",
    email: "E-mail",
    company: "Empresa",
    phone: "Telefone",
    subject: "Assunto",
    plan: "Plano",
    page: "Origem",
    received: "Recebida em",
    handled: (date: string) => `Atendida em ${date}`,
    remove: "Excluir",
    removeLabel: (name: string) => `Excluir mensagem de ${name}`,
    confirmDelete: "Tem certeza que deseja excluir esta mensagem?",
    confirm: "Excluir",
    cancel: "Cancelar",
    subjects: {
      demo: "Demonstração",
      comercial: "Comercial",
      suporte: "Suporte",
      parceria: "Parceria",
      outro: "Outro",
    } as Record<string, string>,
    plans: { basic: "Basic", business: "Business", scale: "Scale", infinity: "Infinity" } as Record<string, string>,
    none: "—",
    // A lead's progress (contact_messages.status) and the team's note.
    status: "Status",
    statusLabel: (name: string) => `Status da mensagem de ${name}`,
    statuses: { new: "Novo", contacted: "Em contato", won: "Ganho", lost: "Perdido" } as Record<string, string>,
    note: "Nota interna",
    noteLabel: (name: string) => `Nota interna sobre ${name}`,
    saveNote: "Salvar nota",
    saveNoteLabel: (name: string) => `Salvar nota sobre ${name}`,
    // Under a note that differs from the saved one (kept in this tab until saved).
    noteUnsaved: "Nota não salva.",
    noteRestored: "Nota não salva recuperada. Salve para mantê-la.",
    noteOverlapping: "Outra pessoa salvou outra nota enquanto você escrevia. Ao salvar, a sua substitui a dela.",
    // Above the list: narrow it down; the page and the export follow.
    filters: {
      label: "Filtrar mensagens",
      status: "Status",
      subject: "Assunto",
      all: "Todos",
      search: "Buscar",
      searchHint: "Nome, e-mail ou empresa",
      // Where the lead first came from (its attribution's first touch).
      source: "Origem",
      campaign: "Campanha",
    },
    // Where the lead came from (contact_messages.attribution): "Google · campanha black-friday ·
    // entrou por /precos"; the last touch only when it differs.
    attribution: {
      label: "Aquisição",
      channels: channelLabels,
      last: "Último toque",
      campaign: (name: string) => `campanha ${name}`,
      landing: (page: string) => `entrou por ${page}`,
      pages: (count: number) => (count === 1 ? "1 página até o contato" : `${count} páginas até o contato`),
    },
    // How the lead went out (server/leads/delivery.ts): one line per configured channel.
    deliveries: {
      label: "Entregas",
      // One landmark per lead: each needs its own name.
      regionLabel: (name: string) => `Entregas da mensagem de ${name}`,
      channels: {
        email: "E-mail para vendas",
        confirmation: "Confirmação ao visitante",
        webhook: "Webhook (CRM)",
      } as Record<string, string>,
      statuses: { pending: "pendente", sent: "enviado", failed: "falhou" } as Record<string, string>,
      attempts: (count: number) => (count === 1 ? "1 tentativa" : `${count} tentativas`),
      showError: "Ver erro",
      resend: "Reenviar",
      resendLabel: (channel: string, name: string) => `Reenviar ${channel}: mensagem de ${name}`,
    },
    // "Exportar CSV": every lead, newest first (app/routes/admin/export.ts).
    export: {
      button: "Exportar CSV",
      busy: "Exportando...",
      fileName: (date: string) => `mensagens-${date}.csv`,
      // The times on Brasília's clock, as the screen shows them (app/lib/format.ts).
      columns: [
        "Recebida em (horário de Brasília)",
        "Nome",
        "E-mail",
        "Empresa",
        "Telefone",
        "Assunto",
        "Plano",
        "Mensagem",
        "Origem",
        "Status",
        "Nota",
        "Atendida em (horário de Brasília)",
      ],
      // Then each touch of the attribution, first and last: "1º toque: utm_source"…
      touches: { first: "1º toque", last: "Último toque" },
      touchColumns: [
        "página de entrada",
        "referência",
        "origem",
        "canal",
        "utm_source",
        "utm_medium",
        "utm_campaign",
        "utm_term",
        "utm_content",
        "ID de clique",
        "páginas até o contato",
      ],
      failed: "Não foi possível exportar as mensagens. Tente novamente.",
    },
    // 50 leads per page, newest first; the numbers arrive already formatted in pt-BR.
    pagination: {
      label: "Paginação das mensagens",
      previous: "Anterior",
      next: "Próxima",
      pageOf: (page: string, pages: string) => `Página ${page} de ${pages}`,
      total: (count: string) => `${count} mensagens`,
    },
  },
  /** "Segurança da conta": two-factor sign-in, password, sessions (docs/admin.md). */
  security: {
    title: "Segurança da conta",
    required:
      "Para continuar, ative a verificação em duas etapas: esta administração exige um segundo fator em todas as contas.",
    twoFactor: {
      title: "Verificação em duas etapas",
      description:
        "Além da senha, a entrada pede um código de 6 dígitos de um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password e outros).",
      on: "Ativa",
      off: "Inativa",
      start: "Ativar verificação em duas etapas",
      addAnother: "Adicionar outro autenticador",
      name: {
        label: "Nome do dispositivo",
        placeholder: "Celular do trabalho",
        hint: "Para reconhecer este autenticador na lista.",
      },
      continue: "Continuar",
      scan: "Escaneie o QR code com o aplicativo autenticador ou digite a chave abaixo nele.",
      qrAlt: "QR code para adicionar esta conta ao aplicativo autenticador",
      secretLabel: "Chave para digitar no aplicativo",
      code: {
        label: "Código de verificação",
        placeholder: "000000",
        hint: "Os 6 dígitos que o aplicativo mostra agora.",
      },
      confirm: "Confirmar e ativar",
      cancel: "Cancelar",
      busy: "Aguarde...",
      factorsLabel: "Autenticadores ativos",
      added: (date: string) => `Adicionado em ${date}`,
      unnamed: "Autenticador",
      remove: "Remover",
      removeLabel: (name: string) => `Remover o autenticador ${name}`,
      confirmRemove: "Remover este autenticador? Sem nenhum, a conta volta a entrar só com a senha.",
      nameRequired: "Dê um nome ao dispositivo.",
      nameTaken: "Já existe um autenticador com este nome.",
      codeRequired: "Informe o código de 6 dígitos.",
      codeInvalid: "O código tem exatamente 6 dígitos.",
      wrongCode: "Código inválido ou expirado. Confira o aplicativo e tente novamente.",
    },
    passkeys: {
      title: "Chaves de acesso",
      description:
        "Uma chave de acesso (passkey) do computador, do celular ou uma chave de segurança confirma a entrada no lugar do código de 6 dígitos.",
      name: {
        label: "Nome da chave",
        placeholder: "Notebook do trabalho",
        hint: "Para reconhecer esta chave na lista.",
      },
      add: "Adicionar chave de acesso",
      busy: "Aguardando a chave...",
      listLabel: "Chaves de acesso ativas",
      added: (date: string) => `Adicionada em ${date}`,
      unnamed: "Chave de acesso",
      remove: "Remover",
      removeLabel: (name: string) => `Remover a chave de acesso ${name}`,
      confirmRemove: "Remover esta chave de acesso? Ela deixa de servir para entrar nesta conta.",
      nameRequired: "Dê um nome à chave.",
      nameTaken: "Já existe uma chave ou autenticador com este nome.",
      failed: "A chave de acesso não foi registrada. Tente de novo.",
      addedToast: { title: "Chave de acesso adicionada", description: "Na próxima entrada, ela é oferecida primeiro." },
    },
    password: {
      title: "Alterar senha",
      description: "Ao alterar a senha, as outras sessões desta conta são encerradas.",
      current: "Senha atual",
      next: "Nova senha",
      confirm: "Confirme a nova senha",
      submit: "Alterar senha",
      busy: "Salvando...",
      currentRequired: "Informe sua senha atual.",
      currentWrong: "A senha atual não confere.",
      mismatch: "As senhas não coincidem.",
      same: "A nova senha deve ser diferente da atual.",
    },
    /** A new address takes effect once the links sent to the current one and to the new one are opened. */
    email: {
      title: "Alterar e-mail",
      description:
        "Por segurança, a troca só vale depois que você abrir os dois links que enviaremos: um para o e-mail atual e outro para o novo.",
      current: (email: string) => `E-mail atual: ${email}`,
      pending: (email: string) =>
        `Troca para ${email} aguardando confirmação: abra os links enviados ao e-mail atual e ao novo.`,
      field: { label: "Novo e-mail", placeholder: "voce@empresa.com.br" },
      submit: "Alterar e-mail",
      busy: "Enviando...",
      required: "Informe o novo e-mail.",
      invalid: "Informe um e-mail válido.",
      same: "Este já é o seu e-mail.",
      taken: "Já existe uma conta com este e-mail.",
      tooSoon: "Você acabou de pedir uma troca. Aguarde um minuto para pedir outra.",
    },
    sessions: {
      title: "Sessões",
      description: "Encerre a sessão em todos os navegadores e aparelhos conectados a esta conta, inclusive neste.",
      signOutEverywhere: "Sair de todos os dispositivos",
      confirm: "Encerrar todas as sessões desta conta, inclusive esta?",
    },
    toasts: {
      enabled: {
        title: "Verificação ativada",
        description: "A partir de agora, a entrada pede o código do aplicativo.",
      },
      removed: { title: "Autenticador removido", description: "O autenticador foi removido da sua conta." },
      passkeyRemoved: {
        title: "Chave de acesso removida",
        description: "A chave de acesso foi removida da sua conta.",
      },
      passwordChanged: { title: "Senha alterada", description: "Sua nova senha já está valendo." },
      emailChangeSent: (from: string, to: string) => ({
        title: "Confirme nos dois endereços",
        description: `Enviamos um link para ${from} e outro para ${to}. O e-mail muda quando os dois forem abertos.`,
      }),
    },
  },
  /**
   * "Tags e autoria": the blog's tags, the signed-in user's author profile (issue #36) and, for
   * editors and admins, everyone else's.
   */
  editorial: {
    tags: {
      title: "Tags",
      intro: "Agrupe os posts por tema. Uma tag aparece no blog quando tem um post publicado.",
      // A writer reads the tags but does not create them.
      readOnlyIntro: "As tags que você pode escolher nos seus posts. Tags novas são criadas pelos editores.",
      label: "Tags do blog",
      loading: "Carregando...",
      failed: "Não foi possível carregar as tags.",
      empty: "Nenhuma tag criada ainda.",
      name: { label: "Nome", placeholder: "Atendimento" },
      slug: { label: "Slug", placeholder: "atendimento", hint: "Endereço da página da tag: /blog/tag/<slug>." },
      description: { label: "Descrição", placeholder: "Opcional: aparece na página da tag" },
      create: "Criar tag",
      save: "Salvar",
      cancel: "Cancelar",
      rename: "Editar",
      renameLabel: (name: string) => `Editar a tag ${name}`,
      /** The inline form's accessible name, the list holding it beside the other tags. */
      formLabel: (name: string) => `Tag ${name}`,
      remove: "Excluir",
      removeLabel: (name: string) => `Excluir a tag ${name}`,
      confirmRemove: (name: string) => `Excluir a tag ${name}? Ela sai de todos os posts.`,
      posts: (count: number) => (count === 1 ? "1 post" : `${count} posts`),
    },
    profile: {
      title: "Perfil de autor",
      intro: "Assina os seus posts no blog e tem uma página em /blog/autor/<slug> quando você tem um post publicado.",
      loading: "Carregando...",
      failed: "Não foi possível carregar o seu perfil.",
      name: { label: "Nome", placeholder: "Ana Souza" },
      slug: { label: "Slug", placeholder: "ana-souza", hint: "Endereço da sua página: /blog/autor/<slug>." },
      bio: { label: "Biografia", placeholder: "Até 2.000 caracteres" },
      avatarUrl: { label: "Foto (URL)", placeholder: "https://exemplo.com/foto.jpg" },
      websiteUrl: { label: "Site", placeholder: "https://seusite.com.br" },
      save: "Salvar perfil",
      busy: "Salvando...",
      cancel: "Cancelar",
    },
    /** Editors and admins: the colleagues' profiles, each editable in place. */
    authors: {
      title: "Autores da equipe",
      intro: "Os perfis de autor dos colegas. Editores e administradores podem corrigir qualquer um.",
      label: "Perfis de autor da equipe",
      loading: "Carregando...",
      failed: "Não foi possível carregar os autores.",
      empty: "Nenhum colega tem perfil de autor ainda.",
      edit: "Editar",
      editLabel: (name: string) => `Editar o perfil de ${name}`,
      formLabel: (name: string) => `Perfil de ${name}`,
    },
    validation: {
      nameRequired: "Informe o nome.",
      nameTooLong: "O nome tem no máximo 80 caracteres.",
      slugRequired: "Informe o slug.",
      slugInvalid: "Use apenas letras minúsculas, números e hífens (ex.: atendimento-ao-cliente).",
      tagSlugTaken: "Já existe uma tag com este slug.",
      tagNameTaken: "Já existe uma tag com este nome.",
      authorSlugTaken: "Já existe um autor com este slug.",
      descriptionTooLong: "A descrição tem no máximo 500 caracteres.",
      bioTooLong: "A biografia tem no máximo 2.000 caracteres.",
      urlInvalid: "Informe um endereço https:// ou um caminho do site.",
      websiteInvalid: "Informe um endereço completo, começando com http:// ou https://.",
    },
    toasts: {
      tagCreated: { title: "Tag criada", description: "A tag já pode ser usada nos posts." },
      tagUpdated: { title: "Tag atualizada", description: "A tag foi atualizada." },
      tagDeleted: { title: "Tag excluída", description: "A tag foi excluída e saiu dos posts." },
      /** Renaming or deleting a tag someone else deleted meanwhile: the list is read again. */
      tagGone: "Esta tag não existe mais: outra pessoa a excluiu. A lista foi atualizada.",
      profileSaved: { title: "Perfil salvo", description: "O seu perfil de autor foi salvo." },
      authorSaved: (name: string) => ({ title: "Perfil salvo", description: `O perfil de ${name} foi salvo.` }),
    },
  },
  /** "Equipe": who has an account, who is an admin, invitations. */
  team: {
    label: "Membros da equipe",
    loading: "Carregando...",
    failed: "Não foi possível carregar a equipe.",
    /** team_members answers [] to a non-admin: the role changed since the screen was drawn. */
    empty: "Nenhum membro para mostrar. Se a sua função mudou há pouco, o painel se ajusta em instantes.",
    email: "E-mail",
    role: "Função",
    lastSignIn: "Último acesso",
    twoFactor: "Verificação em duas etapas",
    actions: "Ações",
    admin: "Administrador",
    member: "Usuário",
    you: "você",
    never: "Nunca entrou",
    pending: "Convite pendente",
    accepted: "Convite aceito",
    unconfirmed: "E-mail não confirmado",
    mfaOn: "Ativa",
    mfaOff: "Inativa",
    // The roles of docs/security.md "Roles", as the picker offers them ("" is no staff role).
    roles: { admin: "Administrador", editor: "Editor", autor: "Autor", vendas: "Vendas", "": "Sem acesso" },
    roleLabel: (email: string) => `Função de ${email}`,
    /** Beside each picker: choosing a role changes nothing until this is pressed. */
    apply: {
      idle: "Salvar função",
      busy: "Salvando...",
      label: (email: string) => `Salvar função de ${email}`,
      busyLabel: (email: string) => `Salvando função de ${email}`,
    },
    /**
     * Asked before the changes that give or take the most (docs/admin.md "Equipe"): becoming an
     * admin, losing all access, leaving admin; the safe answer has the focus.
     */
    confirm: {
      cancel: "Cancelar",
      grantAdmin: (email: string) => ({
        title: `Tornar ${email} administrador?`,
        description: "Administradores gerenciam a equipe, as configurações do site e todas as mensagens.",
        action: "Tornar administrador",
      }),
      revoke: (email: string) => ({
        title: `Remover o acesso de ${email}?`,
        description: "A pessoa deixa de entrar no painel até receber outra função.",
        action: "Remover acesso",
      }),
      revokeSelf: {
        title: "Remover o seu próprio acesso?",
        description: "Você sai do painel e só volta quando outro administrador lhe der uma função.",
        action: "Remover meu acesso",
      },
      leaveAdmin: (email: string, role: string) => ({
        title: `Remover o acesso de administrador de ${email}?`,
        description: `A pessoa passa a ter a função ${role}.`,
        action: `Mudar para ${role}`,
      }),
      leaveAdminSelf: (role: string) => ({
        title: "Deixar de ser administrador?",
        description: `Sua função passa a ser ${role}: você deixa de ver Equipe, Atividade e Configurações.`,
        action: `Mudar para ${role}`,
      }),
      inviteAdmin: (email: string) => ({
        title: `Convidar ${email} como administrador?`,
        description:
          "Ao aceitar o convite, a pessoa passa a gerenciar a equipe, as configurações do site e todas as mensagens.",
        action: "Convidar como administrador",
      }),
      inviteWithout: (email: string) => ({
        title: `Convidar ${email} sem acesso?`,
        description: "Ao aceitar o convite, a pessoa não entra no painel até receber uma função.",
        action: "Convidar sem acesso",
      }),
      inviteLeaveAdmin: (email: string, role: string) => ({
        title: `Convidar ${email} como ${role}?`,
        description: "O convite deixa de dar a função Administrador.",
        action: `Convidar como ${role}`,
      }),
    },
    invite: {
      title: "Convidar colega",
      label: "E-mail do colega",
      placeholder: "colega@empresa.com.br",
      hint: "Enviamos um link para a pessoa criar a senha. O convite vale por 7 dias.",
      submit: "Enviar convite",
      busy: "Enviando...",
      required: "Informe o e-mail do colega.",
      invalid: "Informe um e-mail válido.",
      role: "Função",
      roleHint: "A pessoa recebe a função ao aceitar o convite.",
    },
    /** Beside "Convite pendente": the role the invitation gives on acceptance. */
    invitedAs: (role: string) => `entra como ${role}`,
    toasts: {
      invited: (email: string) => ({ title: "Convite enviado", description: `Enviamos o convite para ${email}.` }),
      granted: (email: string, role: string) => ({
        title: "Acesso concedido",
        description: `${email} agora tem a função ${role}.`,
      }),
      revoked: (email: string) => ({
        title: "Acesso removido",
        description: `${email} não tem mais acesso ao painel.`,
      }),
      /** Your own role: said to you (the screen then shows that role's views). */
      grantedSelf: (role: string) => ({ title: "Sua função mudou", description: `Sua função agora é ${role}.` }),
      revokedSelf: { title: "Acesso removido", description: "Você não tem mais acesso ao painel." },
      /** A pending invitation's role (public.set_invited_role): given when the colleague accepts. */
      invitation: (email: string, role: string) => ({
        title: "Convite atualizado",
        description: `Ao aceitar o convite, ${email} entra como ${role}.`,
      }),
      invitationWithout: (email: string) => ({
        title: "Convite atualizado",
        description: `Ao aceitar o convite, ${email} entra sem acesso ao painel.`,
      }),
      /** set_invited_role's P0002: accepted (or withdrawn) since the list was drawn. */
      invitationClosed: "Este convite já foi aceito ou não existe mais. A lista foi atualizada.",
      lastAdmin: "Não é possível remover o último administrador.",
      alreadyRegistered: "Já existe uma conta com este e-mail.",
      inviteFailed: "Não foi possível enviar o convite. Tente novamente.",
    },
  },
  /** "Atividade": the audit log. */
  activity: {
    label: "Atividade recente",
    loading: "Carregando...",
    failed: "Não foi possível carregar a atividade.",
    empty: "Nenhuma atividade registrada.",
    filter: "Tipo de ação",
    all: "Todas as ações",
    address: "Endereço",
    system: "Sistema",
    more: "Carregar mais",
    actions: {
      "post.created": "Post criado",
      "post.updated": "Post editado",
      "post.published": "Post publicado",
      "post.unpublished": "Post despublicado",
      "post.deleted": "Post excluído",
      "lead.status_changed": "Status de mensagem alterado",
      "lead.exported": "Mensagens exportadas",
      "lead.deleted": "Mensagem excluída",
      // The event is any role's (the sentence names which): admin, editor, autor or vendas.
      "role.granted": "Função concedida",
      "role.revoked": "Função removida",
      "member.invited": "Colega convidado",
      "factor.enrolled": "Verificação em duas etapas ativada",
      "factor.removed": "Autenticador removido",
      "password.reset": "Senha redefinida por e-mail",
      "password.changed": "Senha alterada",
      "settings.updated": "Configurações do site alteradas",
    } as Record<string, string>,
    /**
     * Each entry as a sentence naming who and what ("Ana mudou o status do lead Carla Mendes para
     * Em contato"); `who` is the actor's author name, else their e-mail (app/lib/admin/activity.ts).
     */
    sentences: {
      "post.created": (who: string, post: string) => `${who} criou o post “${post}”`,
      "post.updated": (who: string, post: string) => `${who} editou o post “${post}”`,
      "post.published": (who: string, post: string) => `${who} publicou o post “${post}”`,
      "post.unpublished": (who: string, post: string) => `${who} despublicou o post “${post}”`,
      "post.deleted": (who: string, post: string) => `${who} excluiu o post “${post}”`,
      leadStatus: (who: string, lead: string, status: string) => `${who} mudou o status ${lead} para ${status}`,
      /** The lead as the status sentence names it: by name, or one deleted since. */
      lead: (name: string) => `do lead ${name}`,
      deletedLead: "de um lead já excluído",
      leadDeleted: (who: string) => `${who} excluiu um lead`,
      leadsExported: (who: string) => `${who} exportou as mensagens`,
      leadsExportedFiltered: (who: string, filters: string) => `${who} exportou as mensagens filtradas por ${filters}`,
      /** One filter of an export: "status Em contato", "busca “carla”". */
      exportFilters: {
        status: (value: string) => `status ${value}`,
        subject: (value: string) => `assunto ${value}`,
        search: (value: string) => `busca “${value}”`,
        source: (value: string) => `origem ${value}`,
        campaign: (value: string) => `campanha ${value}`,
      } as Record<string, (value: string) => string>,
      /** `role` is one of `roleNames`, as the audit row's details.role names it. */
      roleGranted: (who: string, account: string, role: string) => `${who} deu acesso de ${role} a ${account}`,
      roleRevoked: (who: string, account: string, role: string) => `${who} removeu o acesso de ${role} de ${account}`,
      /** A role in the middle of a sentence; an entry without one predates the staff roles. */
      roleNames: { admin: "administrador", editor: "editor", autor: "autor", vendas: "vendas" } as Record<
        string,
        string
      >,
      memberInvited: (who: string, email: string) => `${who} convidou ${email} para a equipe`,
      /** `role` is one of `roleNames`: the role the invitation gives. */
      memberInvitedAs: (who: string, email: string, role: string) =>
        `${who} convidou ${email} para a equipe como ${role}`,
      factorEnrolled: (who: string, name: string) => `${who} ativou a verificação em duas etapas (${name})`,
      factorRemoved: (who: string, name: string) => `${who} removeu o autenticador ${name}`,
      passwordReset: (who: string) => `${who} redefiniu a senha por e-mail`,
      passwordChanged: (who: string) => `${who} alterou a senha`,
      settingsUpdated: (who: string, fields: string) => `${who} alterou as configurações do site: ${fields}`,
      /** An action this version does not know: its label, or its name. */
      other: (who: string, action: string) => `${who}: ${action}`,
      /** Done through the operator's command line (GoTrue's admin API). */
      viaOperator: " (pela linha de comando)",
      unnamed: "sem nome",
      and: " e ",
    },
  },
  /**
   * "Configurações": the company's identity, contacts, social links and default SEO, shown on
   * every public page (docs/admin.md). Field labels are the names people and tests look for.
   */
  settings: {
    title: "Configurações do site",
    description:
      "Dados da empresa, contatos e redes sociais que aparecem em todas as páginas do site. As mudanças aparecem no site logo depois de salvar.",
    loading: "Carregando...",
    failed: "Não foi possível carregar as configurações.",
    sections: {
      company: "Empresa",
      contact: "Contato",
      social: "Redes sociais",
      seo: "SEO do site",
    },
    fields: {
      trade_name: { label: "Nome fantasia", placeholder: "Omnia" },
      legal_name: { label: "Razão social", placeholder: "Omnia Tecnologia Ltda." },
      cnpj: {
        label: "CNPJ",
        placeholder: "00.000.000/0000-00",
        hint: "Com ou sem pontuação; em branco enquanto a empresa não tiver. Aparece no rodapé, ao lado da razão social.",
      },
      address: { label: "Endereço", placeholder: "Av. Paulista, 1000, Bela Vista, São Paulo, SP, 01310-100" },
      dpo_email: {
        label: "E-mail do encarregado (LGPD)",
        placeholder: "privacidade@empresa.com.br",
        hint: "Contato do encarregado pelo tratamento de dados pessoais, citado na Política de Privacidade e na página LGPD.",
      },
      sales_email: { label: "E-mail de vendas", placeholder: "vendas@empresa.com.br" },
      support_email: { label: "E-mail de suporte", placeholder: "suporte@empresa.com.br" },
      email: { label: "E-mail geral", placeholder: "contato@empresa.com.br", hint: "O e-mail da página de contato." },
      phone: {
        label: "Telefone",
        placeholder: "+55 11 4000-0000",
        hint: "No formato internacional, com + e o código do país. Em branco, não aparece no site.",
      },
      whatsapp: {
        label: "WhatsApp",
        placeholder: "+55 11 90000-0000",
        hint: "No formato internacional. Com um número, as páginas mostram o botão do WhatsApp; em branco, não.",
      },
      whatsapp_message: {
        label: "Mensagem inicial do WhatsApp",
        placeholder: "Olá! Vim pelo site e gostaria de saber mais.",
        hint: "O texto que já aparece escrito quando o visitante abre a conversa.",
      },
      linkedin_url: { label: "LinkedIn", placeholder: "https://www.linkedin.com/company/empresa" },
      facebook_url: { label: "Facebook", placeholder: "https://www.facebook.com/empresa" },
      instagram_url: { label: "Instagram", placeholder: "https://www.instagram.com/empresa" },
      youtube_url: { label: "YouTube", placeholder: "https://www.youtube.com/@empresa" },
      tiktok_url: { label: "TikTok", placeholder: "https://www.tiktok.com/@empresa" },
      seo_description: {
        label: "Descrição padrão",
        placeholder: "O que a empresa faz, em uma ou duas frases.",
        hint: "Descreve a empresa para os buscadores, nos dados estruturados da página inicial.",
      },
      share_image: {
        label: "Imagem de compartilhamento padrão",
        placeholder: "https://exemplo.com/imagem.jpg",
        hint: "A imagem das prévias de links (WhatsApp, LinkedIn) das páginas sem imagem própria; em branco, a do site. Ideal: 1200 × 630 pixels.",
      },
    },
    socialHint: "Endereço completo, começando com https://. Em branco, a rede não aparece no rodapé.",
    /** The image control under "Imagem de compartilhamento padrão" (the post editor's, reused). */
    image: {
      label: "Imagem de compartilhamento padrão",
      placeholder: "https://exemplo.com/imagem.jpg",
      choose: "Escolher imagem",
      dropHint: "ou arraste uma imagem para cá, ou cole com Ctrl+V. JPEG, PNG, WebP, AVIF ou GIF, até 5 MB.",
      uploading: "Enviando imagem...",
      uploaded: "Imagem enviada.",
      remove: "Remover imagem",
      preview: "Pré-visualização da imagem de compartilhamento",
      small: smallShareImage,
    },
    validation: {
      required: "Preencha este campo.",
      tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
      email: "Informe um e-mail válido.",
      cnpj: "CNPJ inválido: confira os números, os dígitos verificadores não conferem.",
      phone: "Use o formato internacional, com + e o código do país (ex.: +55 11 4000-0000).",
      url: "Informe o endereço completo, começando com https://.",
      image: "Informe uma URL válida (http ou https) ou envie uma imagem.",
    },
    save: "Salvar configurações",
    saving: "Salvando...",
    waitForUpload: "Aguarde o envio da imagem terminar para salvar.",
    /** Edits not saved yet: kept through refetches and a lost session (in this tab), then offered back. */
    unsaved: {
      pending: "Há alterações não salvas.",
      restored: (fields: string) =>
        `Recuperamos alterações que você não tinha salvado: ${fields}. Confira e salve para mantê-las.`,
      discard: "Descartar alterações",
      overlapping: (fields: string) =>
        `Outra pessoa salvou ${fields} enquanto você editava. Ao salvar, o seu valor substitui o dela.`,
    },
    toasts: {
      saved: { title: "Configurações salvas", description: "As mudanças já aparecem nas páginas do site." },
      unchanged: { title: "Nada para salvar", description: "Nenhum campo foi alterado." },
      invalid: "Confira os campos destacados.",
      forbidden: "Sua conta não tem permissão para alterar as configurações.",
    },
  },
  /** "Análises": cookieless analytics, conversions and real visitors' Web Vitals (docs/admin.md). */
  analytics: {
    label: "Análises do site",
    loading: "Carregando...",
    failed: "Não foi possível carregar as análises.",
    empty: "Nenhuma visita no período.",
    periods: {
      label: "Período",
      today: "Hoje",
      week: "7 dias",
      month: "30 dias",
      year: "12 meses",
      custom: "Personalizado",
      from: "De",
      to: "Até",
    },
    // Beside each figure: the change from the period of the same length just before.
    change: (percent: string) => `${percent} em relação ao período anterior`,
    noChange: "sem dados do período anterior",
    metrics: {
      visitors: "Visitantes",
      views: "Visualizações",
      viewsPerVisit: "Páginas por visita",
      bounceRate: "Taxa de rejeição",
      engagedTime: "Tempo de engajamento",
      leads: "Leads",
      conversionRate: "Taxa de conversão",
      now: "Agora",
      nowHint: "visitantes nos últimos 5 minutos",
    },
    chart: {
      title: "Visitantes e leads ao longo do tempo",
      visitors: "Visitantes",
      leads: "Leads",
      // The chart's text alternative, read by screen readers instead of the canvas: the period's
      // totals, as the cards give them.
      summary: (visitors: string, leads: string, from: string, to: string) =>
        `${visitors} visitantes e ${leads} leads de ${from} a ${to}.`,
      // What each point of the chart is: the legend's first entry and the table's first column.
      buckets: { hour: "Hora", day: "Dia", month: "Mês" },
      // The chart's numbers as a table, under it.
      showTable: "Ver dados em tabela",
      tableCaption: (bucket: "hour" | "day" | "month", from: string, to: string) =>
        `Visitantes, visualizações e leads por ${{ hour: "hora", day: "dia", month: "mês" }[bucket]}, de ${from} a ${to}`,
    },
    tables: {
      pages: "Páginas mais vistas",
      entries: "Páginas de entrada",
      channels: "Canais",
      sources: "Origens",
      campaigns: "Campanhas (UTM)",
      devices: "Dispositivos",
      browsers: "Navegadores",
      os: "Sistemas operacionais",
      forms: "Leads por formulário",
      vitals: "Web Vitals de visitantes reais (p75)",
    },
    columns: {
      page: "Página",
      entry_page: "Página de entrada",
      channel: "Canal",
      source: "Origem",
      campaign: "Campanha",
      device: "Dispositivo",
      browser: "Navegador",
      os: "Sistema",
      form: "Formulário",
      visitors: "Visitantes",
      views: "Visualizações",
      entries: "Entradas",
      bounceRate: "Rejeição",
      leads: "Leads",
      conversionRate: "Conversão",
      lcp: "LCP",
      inp: "INP",
      cls: "CLS",
      samples: "Visualizações medidas",
    },
    // Under a table's heading: what its Leads and Conversão count, where a page could mean either.
    hints: {
      page: "Leads: enviados pelo formulário desta página. Conversão: visitantes desta página que enviaram um lead, nela ou em outra.",
      entry_page: "Leads e conversão das visitas que começaram nesta página.",
    } as Partial<Record<string, string>>,
    // Under each Web Vitals figure: how many views measured it ("1.234" formatted).
    measured: (count: number, shown: string) =>
      count === 1 ? `${shown} visualização medida` : `${shown} visualizações medidas`,
    channels: channelLabels,
    devices: { mobile: "Celular", tablet: "Tablet", desktop: "Computador" } as Record<string, string>,
    forms: { contact: "Contato", demo: "Demonstração" } as Record<string, string>,
    // A row without a value: no campaign, no referring site.
    none: "(nenhum)",
    unknown: "Desconhecido",
    filters: {
      label: "Filtros aplicados",
      hint: "Clique em uma linha de qualquer tabela para filtrar todo o painel por ela.",
      filterBy: (column: string, value: string) => `Filtrar por ${column}: ${value}`,
      remove: (column: string, value: string) => `Remover filtro ${column}: ${value}`,
      clear: "Limpar filtros",
    },
    // Google's thresholds for each metric (good / needs improvement / poor).
    ratings: { good: "Bom", "needs-improvement": "Precisa melhorar", poor: "Ruim" } as Record<string, string>,
    vitalsHint:
      "Medidos nos navegadores dos visitantes: 75% das visualizações foram tão rápidas quanto o valor mostrado ou mais. Verde: bom; amarelo: precisa melhorar; vermelho: ruim (limites do Google).",
    exportCsv: "Exportar CSV",
    exportLabel: (table: string) => `Exportar CSV: ${table}`,
    fileName: (table: string, from: string, to: string) => `analises-${table}-${from}-a-${to}.csv`,
    duration: (seconds: number) =>
      seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`,
  },
  /**
   * A post's history and previews (issue #37): "Histórico" lists its revisions and restores one,
   * "Visualizar" opens the public page of the saved post, "Copiar link de prévia" makes a link a
   * reviewer opens without an account.
   */
  revisions: {
    history: "Histórico",
    historyTitle: "Histórico do post",
    historyDescription:
      "As últimas 50 versões salvas deste post. Compare com o texto atual e restaure uma versão, se precisar.",
    close: "Fechar",
    loading: "Carregando versões...",
    empty: "Nenhuma versão salva ainda.",
    loadError: "Não foi possível carregar o histórico.",
    listLabel: "Versões do post",
    reasons: {
      saved: "Salvo",
      published: "Publicado",
      unpublished: "Despublicado",
      restored: "Restaurado",
    } as Record<string, string>,
    /** "Salvo por ana@omnia.com.br em 27/11/2026 10:32". */
    entry: (reason: string, who: string | null, when: string) => `${reason} por ${who ?? "sistema"} em ${when}`,
    current: "Versão atual",
    show: "Ver alterações",
    showLabel: (when: string) => `Ver alterações da versão de ${when}`,
    compareTitle: (when: string) => `Versão de ${when} comparada ao texto atual`,
    diffLegend:
      "Em vermelho (−), o que esta versão tinha e o texto atual não tem; em verde (+), o que o texto atual acrescentou.",
    removed: "Só nesta versão",
    added: "Só no texto atual",
    unchangedLines: (count: number) => (count === 1 ? "1 linha igual" : `${count} linhas iguais`),
    noChanges: "Esta versão é igual ao texto atual.",
    fields: {
      title: "Título",
      excerpt: "Resumo",
      content: "Conteúdo",
      featured_image: "Imagem de destaque",
      meta_title: "Título para SEO",
      meta_description: "Descrição para SEO",
      og_image: "Imagem de compartilhamento",
      canonical_url: "URL canônica",
      noindex: "Ocultar dos buscadores",
      tags: "Tags",
    } as Record<string, string>,
    yes: "Sim",
    no: "Não",
    restore: "Restaurar",
    restoreLabel: (when: string) => `Restaurar a versão de ${when}`,
    confirmRestore:
      "Restaurar esta versão? O texto atual continua no histórico, mas alterações não salvas no editor serão descartadas.",
    restored: { title: "Versão restaurada", description: "O post voltou a esta versão e foi salvo." },
    preview: "Visualizar",
    previewHint: "Abre a página pública da versão salva deste post, mesmo rascunho ou agendado.",
    copyLink: "Copiar link de prévia",
    linkLabel: "Link de prévia",
    /** "Válido até 04/12/2026 10:32. Publicar, despublicar, excluir o post ou criar outro link o revoga." */
    linkValidUntil: (when: string) =>
      `Válido até ${when}. Publicar, despublicar ou excluir o post, ou criar outro link, o revoga.`,
    linkCopied: { title: "Link de prévia copiado", description: "Qualquer pessoa com o link vê o post por 7 dias." },
    linkReady: { title: "Link de prévia criado", description: "Copie o link abaixo para enviar." },
    popupBlocked: "O navegador bloqueou a nova aba. Permita pop-ups para este site e tente de novo.",
  },
  /** A writer's draft sent to the editors (docs/security.md "Roles", autor). */
  review: {
    send: "Enviar para revisão",
    sending: "Enviando...",
    inReview: "Em revisão",
    done: { title: "Enviado para revisão", description: "Os editores verão o post como “Em revisão”." },
    forbidden: "Sua função não permite esta ação.",
  },
};
