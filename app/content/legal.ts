// The legal pages (docs/product.md: complete policies for a B2B SaaS under the LGPD, Lei nº
// 13.709/2018). Company data and the data protection officer (encarregado) come from the site
// settings, so each page is a function of them.

import { endSentence } from "~/lib/text";
import type { SiteSettings } from "~/lib/site-settings";
import type { DocumentPage } from "./document";

/** The company facts the legal pages cite. */
function company(settings: SiteSettings) {
  return {
    legalName: settings.legal_name,
    name: settings.trade_name,
    dpoEmail: settings.dpo_email,
    email: settings.email,
    address: settings.address,
  };
}
const updated = "Última atualização: 1º de novembro de 2026";
const contactLink = { label: "Formulário de contato", href: "/contato" };

export function privacyPage(settings: SiteSettings): DocumentPage {
  const { legalName, name, dpoEmail, address } = company(settings);
  return {
    meta: {
      title: "Política de Privacidade | Omnia",
      description:
        "Como a Omnia coleta, usa, compartilha e protege dados pessoais no site e na plataforma, e como exercer os seus direitos de titular conforme a LGPD.",
      breadcrumb: "Privacidade",
    },
    eyebrow: "Legal",
    title: "Política de Privacidade",
    intro: `Esta política explica como a ${legalName} ("${name}", "nós") trata dados pessoais de visitantes do site, de pessoas que entram em contato conosco e de usuários da plataforma, em conformidade com a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018, "LGPD").`,
    updated,
    tocTitle: "Nesta página",
    sections: [
      {
        id: "papeis",
        title: "1. Quem somos e qual é o nosso papel",
        paragraphs: [
          `A ${legalName}, com sede em ${address}, é a controladora dos dados pessoais coletados neste site e dos dados de cadastro e faturamento dos seus clientes.`,
          "Quando uma empresa cliente usa a plataforma para atender os próprios clientes, ela é a controladora das conversas e dos dados desses consumidores, e a Omnia atua como operadora: tratamos esses dados apenas para prestar o serviço, conforme as instruções do cliente e o contrato.",
        ],
      },
      {
        id: "dados-coletados",
        title: "2. Quais dados coletamos",
        paragraphs: ["Coletamos apenas os dados necessários para cada finalidade:"],
        list: [
          "Formulários de contato e de demonstração: nome, e-mail, empresa, telefone, assunto, mensagem, plano de interesse e a página de origem do envio.",
          "Conta na plataforma: nome, e-mail corporativo, senha (guardada apenas como hash), fatores de autenticação multifator e perfil de acesso.",
          "Dados de faturamento do cliente: razão social, CNPJ, endereço e dados de pagamento, estes processados pelo provedor de pagamentos.",
          "Dados técnicos: endereço IP, tipo de navegador, páginas acessadas e registros de segurança, usados para proteger o site contra abusos.",
        ],
      },
      {
        id: "finalidades",
        title: "3. Para que usamos os dados e com qual base legal",
        paragraphs: ["Cada tratamento tem uma finalidade definida e uma base legal prevista no art. 7º da LGPD:"],
        list: [
          "Responder a contatos e pedidos de demonstração: procedimentos preliminares a um contrato, a pedido do titular.",
          "Prestar o serviço contratado, dar suporte e faturar: execução de contrato.",
          "Manter a segurança do site e da plataforma, prevenir fraudes e abusos (por exemplo, limitar envios repetidos de formulários): legítimo interesse.",
          "Cumprir obrigações fiscais e regulatórias, como a guarda de registros de acesso exigida pelo Marco Civil da Internet: cumprimento de obrigação legal.",
          "Enviar conteúdos e novidades por e-mail: consentimento, que pode ser retirado a qualquer momento pelo link presente em cada mensagem.",
        ],
      },
      {
        id: "compartilhamento",
        title: "4. Com quem compartilhamos",
        paragraphs: [
          "Não vendemos dados pessoais. Compartilhamos dados apenas com fornecedores que nos ajudam a prestar o serviço (hospedagem em nuvem, envio de e-mails, processamento de pagamentos), sob contratos que exigem o mesmo nível de proteção, e com autoridades, quando houver obrigação legal ou ordem judicial.",
          "Quando você envia o formulário de contato ou de demonstração, seus dados (nome, e-mail, empresa, telefone, assunto, plano de interesse, mensagem e a página de origem) são gravados no nosso banco de dados e enviados por e-mail à nossa equipe comercial; você recebe uma confirmação no e-mail informado. Se a empresa usar um CRM, os mesmos dados são enviados a ele por uma conexão segura e assinada. Nada disso é usado para publicidade.",
          "Quando há transferência internacional de dados, ela segue o capítulo V da LGPD, com cláusulas contratuais padrão ou outro mecanismo reconhecido pela Autoridade Nacional de Proteção de Dados (ANPD).",
        ],
      },
      {
        id: "retencao",
        title: "5. Por quanto tempo guardamos",
        paragraphs: [
          "Mensagens de contato e pedidos de demonstração são guardados por até 24 meses após o último contato, salvo se virarem uma relação comercial. Dados de conta são mantidos enquanto o contrato estiver ativo e, depois, pelo prazo exigido por lei. Registros de acesso são guardados por 6 meses, como determina o Marco Civil da Internet.",
          "Ao fim desses prazos, os dados são excluídos ou anonimizados.",
        ],
      },
      {
        id: "seguranca",
        title: "6. Como protegemos os dados",
        paragraphs: [
          "Adotamos criptografia AES-256 para dados armazenados e TLS em trânsito, controle de acesso por perfil, autenticação multifator, backups diários, auditorias de segurança trimestrais e monitoramento contínuo. Saiba mais na página de Segurança.",
        ],
        links: [{ label: "Segurança na Omnia", href: "/seguranca" }],
      },
      {
        id: "cookies",
        title: "7. Cookies e armazenamento local",
        paragraphs: [
          "O site institucional não usa cookies de publicidade nem de rastreamento. A área de acesso usa o armazenamento local do navegador apenas para manter a sua sessão ativa depois do login; ao sair, a sessão é removida.",
          "Para saber quantas pessoas visitam o site, quais páginas são lidas e quão rápido elas carregam, contamos as visitas sem cookies e sem gravar nada no seu dispositivo. De cada página vista registramos o endereço da página, o site ou a campanha de origem (parâmetros utm_* e identificadores de clique de anúncios), o tipo de dispositivo, o navegador, o sistema, a largura da tela, o tempo de leitura e medidas de velocidade. Você é reconhecido só durante um dia, por um código calculado a partir do endereço IP e do navegador com uma chave aleatória trocada todo dia e apagada em até dois dias; o endereço IP não é guardado. Ao enviar um formulário, guardamos com a mensagem a página de entrada e a origem da sua visita naquele dia. Os registros de cada visita são apagados após 90 dias; ficam apenas totais diários, que não identificam ninguém. Base legal: legítimo interesse.",
        ],
      },
      {
        id: "direitos",
        title: "8. Seus direitos",
        paragraphs: [
          "Você pode solicitar, a qualquer momento: confirmação de que tratamos seus dados, acesso, correção, anonimização, bloqueio ou eliminação de dados desnecessários, portabilidade, informação sobre compartilhamentos, revogação do consentimento e revisão de decisões automatizadas. Veja como exercer cada direito na página LGPD.",
          "Se os seus dados foram tratados por uma empresa cliente da Omnia, encaminharemos o pedido a ela, que é a controladora desses dados.",
        ],
        links: [{ label: "Seus direitos na LGPD", href: "/lgpd" }],
      },
      {
        id: "encarregado",
        title: "9. Encarregado pelo tratamento de dados (DPO)",
        paragraphs: [
          `O nosso encarregado pelo tratamento de dados pessoais atende pelo e-mail ${dpoEmail}. Você também pode nos escrever pelo formulário de contato, escolhendo o assunto "Outro assunto".`,
        ],
        links: [contactLink],
      },
      {
        id: "alteracoes",
        title: "10. Alterações desta política",
        paragraphs: [
          "Podemos atualizar esta política para refletir mudanças no serviço ou na legislação. A data da última atualização fica no topo da página, e mudanças relevantes são comunicadas aos clientes por e-mail com antecedência.",
        ],
      },
    ],
  };
}

export function termsPage(settings: SiteSettings): DocumentPage {
  const { legalName, name, email } = company(settings);
  return {
    meta: {
      title: "Termos de Uso | Omnia",
      description:
        "Condições de uso do site e da plataforma Omnia: contratação, teste grátis, pagamentos, uso aceitável, disponibilidade, propriedade intelectual e responsabilidades.",
      breadcrumb: "Termos de Uso",
    },
    eyebrow: "Legal",
    title: "Termos de Uso",
    intro: `Estes termos regem o uso do site e da plataforma ${name}, oferecidos pela ${endSentence(legalName)} Ao usar o site ou contratar a plataforma, a empresa cliente e os seus usuários concordam com estas condições.`,
    updated,
    tocTitle: "Nesta página",
    sections: [
      {
        id: "servico",
        title: "1. O serviço",
        paragraphs: [
          "A Omnia é uma plataforma de relacionamento com clientes, oferecida como serviço (SaaS) a empresas, que reúne canais de atendimento e vendas, automações com inteligência artificial e relatórios. Os recursos de cada plano estão descritos na página de preços e na proposta comercial.",
        ],
        links: [{ label: "Planos e preços", href: "/precos" }],
      },
      {
        id: "contas",
        title: "2. Contas e acesso",
        paragraphs: [
          "A empresa cliente indica um administrador, que cria os acessos dos usuários e define os seus perfis. Cada usuário é responsável por manter a sua senha em sigilo e por ativar a autenticação multifator quando exigida. Atividades realizadas com as credenciais de um usuário são atribuídas a ele.",
        ],
      },
      {
        id: "teste-e-pagamento",
        title: "3. Teste grátis, pagamentos e cancelamento",
        paragraphs: [
          "O teste grátis dura 14 dias e não exige cartão de crédito. Ao final do teste, a contratação depende de confirmação expressa do cliente.",
          "Os planos são cobrados mensalmente, de forma antecipada. Contratos anuais podem ter desconto de até 20%, conforme a proposta. Os planos mensais não têm fidelidade: o cancelamento pode ser feito a qualquer momento e vale ao fim do período já pago. Valores em atraso podem levar à suspensão do acesso após aviso prévio.",
        ],
      },
      {
        id: "uso-aceitavel",
        title: "4. Uso aceitável",
        paragraphs: ["Não é permitido usar a plataforma para:"],
        list: [
          "enviar mensagens não solicitadas em massa (spam) ou descumprir as políticas dos canais conectados, como as do WhatsApp e da Meta;",
          "tratar dados pessoais sem base legal ou em desacordo com a LGPD;",
          "distribuir conteúdo ilícito, ofensivo ou que viole direitos de terceiros;",
          "tentar acessar dados de outros clientes, burlar limites técnicos ou comprometer a segurança do serviço.",
        ],
      },
      {
        id: "dados",
        title: "5. Dados do cliente",
        paragraphs: [
          "Os dados inseridos na plataforma pertencem ao cliente. A Omnia os trata como operadora, apenas para prestar o serviço, conforme o acordo de tratamento de dados e a Política de Privacidade. Ao fim do contrato, o cliente pode exportar os seus dados por 30 dias; depois disso, eles são excluídos, salvo obrigação legal de guarda.",
        ],
        links: [{ label: "Política de Privacidade", href: "/privacidade" }],
      },
      {
        id: "disponibilidade",
        title: "6. Disponibilidade e suporte",
        paragraphs: [
          "Trabalhamos para manter a plataforma disponível 99,9% do tempo; clientes enterprise contam com SLA contratual de 99,99%, com créditos de serviço em caso de descumprimento. Manutenções programadas são avisadas com antecedência. O suporte funciona de segunda a sexta, das 9h às 18h, e aos sábados, das 9h às 13h.",
        ],
        links: [{ label: "Status dos serviços", href: "/status" }],
      },
      {
        id: "propriedade",
        title: "7. Propriedade intelectual",
        paragraphs: [
          "A plataforma, a marca Omnia, o software e a documentação pertencem à Omnia. O contrato concede ao cliente uma licença de uso, não exclusiva e intransferível, durante a sua vigência.",
        ],
      },
      {
        id: "responsabilidade",
        title: "8. Responsabilidades",
        paragraphs: [
          "A Omnia responde pelos danos diretos que causar, limitados ao valor pago pelo cliente nos 12 meses anteriores ao evento, exceto nos casos em que a lei não permite limitação. Não respondemos por indisponibilidades de serviços de terceiros, como os próprios canais de comunicação, nem por conteúdo enviado pelos usuários.",
        ],
      },
      {
        id: "foro",
        title: "9. Lei aplicável e foro",
        paragraphs: [
          "Estes termos seguem as leis brasileiras. Fica eleito o foro da comarca de São Paulo, SP, para resolver qualquer controvérsia, salvo disposição legal em contrário.",
          `Dúvidas sobre estes termos podem ser enviadas para ${email} ou pelo formulário de contato.`,
        ],
        links: [contactLink],
      },
    ],
  };
}

export function lgpdPage(settings: SiteSettings): DocumentPage {
  const { legalName, dpoEmail, address } = company(settings);
  return {
    meta: {
      title: "LGPD | Seus direitos como titular de dados na Omnia",
      description:
        "Conheça os seus direitos como titular de dados pessoais pela LGPD e saiba como exercê-los junto à Omnia, com o contato do encarregado (DPO) e os prazos de resposta.",
      breadcrumb: "LGPD",
    },
    eyebrow: "Legal",
    title: "LGPD: seus direitos e como exercê-los",
    intro:
      "A Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018) garante a toda pessoa o controle sobre os seus dados pessoais. Nesta página, explicamos quais são os seus direitos e como exercê-los junto à Omnia.",
    updated,
    tocTitle: "Nesta página",
    sections: [
      {
        id: "direitos",
        title: "Seus direitos como titular",
        paragraphs: [
          "O art. 18 da LGPD garante a você o direito de obter da Omnia, a qualquer momento e mediante requisição:",
        ],
        list: [
          "Confirmação de que tratamos os seus dados pessoais.",
          "Acesso aos dados que temos sobre você.",
          "Correção de dados incompletos, inexatos ou desatualizados.",
          "Anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a lei.",
          "Portabilidade dos dados a outro fornecedor, em formato estruturado.",
          "Eliminação dos dados tratados com base no seu consentimento.",
          "Informação sobre as entidades com as quais compartilhamos os seus dados.",
          "Informação sobre a possibilidade de não dar consentimento e as consequências da negativa.",
          "Revogação do consentimento.",
          "Revisão de decisões tomadas unicamente com base em tratamento automatizado.",
        ],
      },
      {
        id: "como-exercer",
        title: "Como exercer os seus direitos",
        paragraphs: [
          `Envie o seu pedido ao nosso encarregado pelo tratamento de dados pessoais (DPO), pelo e-mail ${dpoEmail}, ou pelo formulário de contato, informando o seu nome, o e-mail usado no contato com a Omnia e o direito que deseja exercer.`,
          "Para proteger os seus dados, podemos pedir uma confirmação de identidade antes de atender ao pedido. O atendimento é gratuito.",
        ],
        links: [contactLink],
      },
      {
        id: "prazos",
        title: "Prazos de resposta",
        paragraphs: [
          "A confirmação de tratamento e o acesso em formato simplificado são respondidos imediatamente, sempre que possível. A declaração completa, com a origem dos dados, os critérios e as finalidades do tratamento, é enviada em até 15 dias a partir do pedido, como prevê o art. 19 da LGPD.",
        ],
      },
      {
        id: "clientes",
        title: "Se os seus dados estão na plataforma de um cliente da Omnia",
        paragraphs: [
          "Quando você conversa com uma empresa que usa a Omnia, essa empresa é a controladora dos seus dados, e a Omnia é a operadora. Nesse caso, o pedido deve ser feito diretamente à empresa. Se ele chegar até nós, nós o encaminharemos à empresa responsável e apoiaremos o atendimento, como determina o contrato.",
        ],
      },
      {
        id: "encarregado",
        title: "Encarregado pelo tratamento de dados (DPO)",
        paragraphs: [
          `Encarregado: Equipe de Privacidade da ${endSentence(legalName)} E-mail: ${dpoEmail}. Endereço: ${endSentence(address)}`,
        ],
      },
      {
        id: "anpd",
        title: "Autoridade Nacional de Proteção de Dados",
        paragraphs: [
          "Se você entender que o seu pedido não foi atendido de forma adequada, pode apresentar uma petição à Autoridade Nacional de Proteção de Dados (ANPD), depois de ter falado conosco.",
        ],
        links: [{ label: "Política de Privacidade completa", href: "/privacidade" }],
      },
    ],
  };
}
