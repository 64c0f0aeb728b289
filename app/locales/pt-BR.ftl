footer = Agendado com slotbook
not-found-title = Página não encontrada
not-found-body = Não há nada neste endereço. O link pode estar desatualizado ou a página pode ter sido removida.
error-title = Algo deu errado
link-gone-title = Este link não é mais válido
not-saved = Não foi possível salvar o agendamento. Tente novamente.
not-loaded = Não foi possível carregar a página. Tente novamente.

language = Idioma
change-language = Mudar idioma

landing-empty = No momento não há nada para agendar aqui.
events-heading = Escolha um compromisso

host = Anfitrião
duration = Duração
location = Local
previous-month = Mês anterior
next-month = Próximo mês
today = hoje
chosen = selecionado
clock-change = o horário muda neste dia
clock-change-legend = Nos dias marcados o horário muda (horário de verão).
time-zone = Fuso horário
show-times = Mostrar horários
zone-locked = Os horários são exibidos no fuso horário do anfitrião
clock = Formato de hora
clock-12 = 12 horas
clock-24 = 24 horas
duration-choice = Duração
no-times-day = Não há horários livres neste dia. Escolha outro dia.
no-times-month = Não há horários livres neste mês.
times-heading = Horários disponíveis
seats-left = { $count ->
    [one] { $count } vaga restante
   *[other] { $count } vagas restantes
}
times-announcement = { $count ->
    [0] { $month }, { $day }: nenhum horário
    [one] { $month }, { $day }: 1 horário
   *[other] { $month }, { $day }: { $count } horários
}

form-heading = Seus dados
change-time = Mudar horário
required = obrigatório
errors-heading = Verifique o formulário
website = Site
held-until = Reservado para você até { $time }
confirm-booking = Confirmar agendamento
confirm-new-time = Confirmar novo horário
time-gone = Esse horário não está mais disponível. Escolha outro.
duration-not-offered = Essa duração não é oferecida; exibindo a duração padrão.
not-a-date = “{ $text }” não é uma data; exibindo o primeiro dia com horários.
not-a-month = “{ $text }” não é um mês; exibindo o primeiro mês com horários.
not-a-zone = “{ $text }” não é um fuso horário; os horários são exibidos em { $zone }.
clocks-change = Neste dia o horário muda em { $zone }: de { $before } para { $after }.
out-of-office = { $host } está ausente de { $start } a { $end }
book-with = Agendar com { $teammate }

date-span = { $date }, { $start } – { $end }

hours = { $count ->
    [one] { $count } hora
   *[other] { $count } horas
}
minutes = { $count ->
    [one] { $count } minuto
   *[other] { $count } minutos
}
listed = { $first }, { $rest }
hours-minutes = { $hours } e { $minutes }

in-person = Presencial
in-person-guest = Presencial, no seu endereço
phone-call = Ligação telefônica
phone-guest = Ligação telefônica: o anfitrião liga para você
custom-location = Outro local
online-meeting = Reunião on-line
phone-call-to-host = Ligação telefônica: { $number }
phone-call-to-attendee = Ligação telefônica para { $number }
payment = Pagamento
alternatives = { $first } ou { $rest }
field-name = Seu nome
field-email = Seu e-mail
field-message = Sobre o que é esta reunião?
field-cancellation-reason = Motivo do cancelamento
field-cancellation-placeholder = Por que você está cancelando?
field-rescheduling-reason = Motivo do reagendamento
field-rescheduling-placeholder = Conte por que você precisa reagendar
field-guests = Convidados adicionais
field-phone = Seu número de telefone
field-payment = Forma de pagamento
field-address = Seu endereço
guests-help = Um endereço de e-mail por linha
guests-help-group = Um convidado por linha, assim: Nome <email@example.org>
reason-word = motivo
reason-label = Motivo: { $label }

occurrences = Sessões
series-dates = { $count ->
    [one] { $count } data
   *[other] { $count } datas
}
repeats-every = { $unit ->
    [week] { $interval ->
        [one] Repete toda semana
       *[other] Repete a cada { $interval } semanas
    }
    [month] { $interval ->
        [one] Repete todo mês
       *[other] Repete a cada { $interval } meses
    }
   *[day] { $interval ->
        [one] Repete todo dia
       *[other] Repete a cada { $interval } dias
    }
}

add-google = Adicionar ao Google Agenda
add-outlook = Adicionar ao Outlook
download-ics = Baixar .ics
join-video = Entrar na videochamada
series-heading = Datas desta série
scope-this = Somente esta data
scope-following = Esta e todas as datas seguintes
series-cancelled = Cancelada
reschedule = Reagendar
cancel = Cancelar
book-again = Agendar outro horário
when = Quando
event = Compromisso
attendee = Participante
status-scheduled = Agendamento confirmado
status-pending = Solicitação de agendamento enviada
status-cancelled = Agendamento cancelado
status-rejected = Agendamento recusado
status-completed = Agendamento concluído
status-no-show = Agendamento marcado como falta
status-other = Agendamento

cancel-heading = Cancelar este agendamento
reason = Motivo
cancel-button = Cancelar agendamento
keep-booking = Manter o agendamento
reschedule-heading = Escolha um novo horário
current-time = Agendado atualmente
erase-data = Apagar meus dados
erase-explained = Seu nome, endereço de e-mail, telefone, observações, respostas e convidados serão apagados deste agendamento. Um agendamento que ainda não aconteceu é cancelado primeiro, e o anfitrião é avisado.
erase-confirm = Entendo que isso não pode ser desfeito
data-erased = Seus dados foram apagados
data-erased-explained = Nada do que você informou fica mais guardado com este agendamento, e os links dele não funcionam mais.
back-to-booking = Voltar ao seu agendamento

waitlist-heading = Lotado? Aguarde uma vaga
join-waitlist = Entrar na lista de espera
name = Nome
email = E-mail
waitlist-note = Se um destes horários vagar, a primeira pessoa da fila recebe um e-mail e a vaga fica reservada para ela.
offer-heading = Uma vaga está livre
book-this-time = Agendar este horário
offer-expired = Esta oferta expirou
offer-used = Esta oferta já foi usada.
offer-gone = Esta vaga não está mais reservada para você.
leave-waitlist = Sair da lista de espera
joined-heading = Você entrou na lista de espera
left-heading = Você saiu da lista de espera
waitlist-place-heading = Sua posição na lista de espera
offered-line = Há uma vaga reservada para você: o e-mail que enviamos tem o link para agendá-la.
booked-line = Você agendou este horário pela lista de espera.
expired-line = A vaga oferecida a você não foi agendada a tempo.
removed-line = O anfitrião retirou esta inscrição da lista de espera.
waitlist-position = Você é o número { $position } da fila.

# The emails, SMS texts and .ics summary (DESIGN 2.9): smart codes are the variables the
# sender fills in; a template the host changed is sent as written.
email-booking-conf-attendee-subject = Confirmação de agendamento: { $host_name } e { $guest_full_name }
email-booking-conf-attendee-body = <p>Olá, { $guest_first_name },</p><p>Seu compromisso “{ $event_name }” com { $host_name } está confirmado.</p><p><strong>Quando:</strong> { $when_guest }<br><strong>Onde:</strong> { $where }</p><p><a href="{ $reschedule_url }">Reagendar</a> ou <a href="{ $cancel_url }">cancelar</a></p>
sms-booking-conf-attendee = Confirmado: { $event_name } com { $host_name }, { $start_guest }. Alterar ou cancelar: { $manage_url }
email-booking-conf-host-subject = Novo agendamento: { $guest_full_name }, { $start_host }
email-booking-conf-host-body = <p>{ $guest_full_name } ({ $guest_email }) agendou “{ $event_name }” com você.</p><p><strong>Quando:</strong> { $when_host }</p><p>Observação: { $guest_note }</p><p><a href="{ $admin_url }">Abrir o agendamento</a></p>
sms-booking-conf-host = Novo agendamento: { $guest_full_name }, { $event_name }, { $start_host }
email-reminder-to-attendee-subject = Lembrete do seu compromisso com { $host_name }, { $start_guest }
email-reminder-to-attendee-body = <p>Olá, { $guest_first_name },</p><p>Um lembrete: seu compromisso “{ $event_name }” com { $host_name } começa { $when_guest }.</p><p><strong>Onde:</strong> { $where }</p><p><a href="{ $reschedule_url }">Reagendar</a> ou <a href="{ $cancel_url }">cancelar</a></p>
sms-reminder-to-attendee = Lembrete: { $event_name } com { $host_name }, { $start_guest }
email-reminder-to-host-subject = Lembrete do compromisso com { $guest_full_name }, { $start_host }
email-reminder-to-host-body = <p>Um lembrete: “{ $event_name }” com { $guest_full_name } começa { $when_host }.</p><p><a href="{ $admin_url }">Abrir o agendamento</a></p>
sms-reminder-to-host = Lembrete: { $event_name } com { $guest_full_name }, { $start_host }
email-cancelled-by-attendee-subject = Um agendamento com { $guest_full_name } foi cancelado
email-cancelled-by-attendee-body = <p>{ $guest_full_name } cancelou “{ $event_name }” de { $when_host }.</p><p>Motivo: { $cancel_reason }</p>
sms-cancelled-by-attendee = { $guest_full_name } cancelou { $event_name } de { $start_host }
email-cancelled-by-host-subject = Seu agendamento com { $host_name } foi cancelado
email-cancelled-by-host-body = <p>Olá, { $guest_first_name },</p><p>{ $host_name } cancelou seu compromisso “{ $event_name }” de { $when_guest }.</p><p>Motivo: { $cancel_reason }</p>
sms-cancelled-by-host = { $host_name } cancelou seu compromisso { $event_name } de { $start_guest }
email-rescheduled-by-attendee-subject = Um agendamento com { $guest_full_name } foi reagendado
email-rescheduled-by-attendee-body = <p>{ $guest_full_name } mudou “{ $event_name }” para { $when_host } (antes: { $previous_host }).</p><p>Motivo: { $reschedule_reason }</p>
sms-rescheduled-by-attendee = { $guest_full_name } mudou { $event_name } para { $start_host }
email-rescheduled-by-host-subject = Seu agendamento com { $host_name } foi reagendado
email-rescheduled-by-host-body = <p>Olá, { $guest_first_name },</p><p>{ $host_name } mudou seu compromisso “{ $event_name }” para { $when_guest } (antes: { $previous_guest }).</p><p><a href="{ $reschedule_url }">Reagendar</a> ou <a href="{ $cancel_url }">cancelar</a></p>
sms-rescheduled-by-host = { $host_name } mudou seu compromisso { $event_name } para { $start_guest }
email-booking-request-host-subject = Aguardando aprovação: { $guest_full_name }, { $start_host }
email-booking-request-host-body = <p>{ $guest_full_name } ({ $guest_email }) quer agendar “{ $event_name }” em { $when_host }.</p><p><a href="{ $confirm_url }">Confirmar</a> ou <a href="{ $reject_url }">recusar</a></p>
sms-booking-request-host = { $guest_full_name } quer agendar { $event_name } em { $start_host }
email-booking-request-attendee-subject = Solicitação enviada: compromisso entre { $host_name } e { $guest_full_name }
email-booking-request-attendee-body = <p>Olá, { $guest_first_name },</p><p>Sua solicitação de “{ $event_name }” com { $host_name } em { $when_guest } aguarda a confirmação do anfitrião. Você receberá um e-mail em qualquer caso.</p><p><a href="{ $cancel_url }">Retirar a solicitação</a></p>
sms-booking-request-attendee = Solicitação enviada: { $event_name } com { $host_name }, { $start_guest }. Você terá uma resposta.
email-declined-by-host-subject = Agendamento recusado: { $host_name } recusou sua solicitação
email-declined-by-host-body = <p>Olá, { $guest_first_name },</p><p>{ $host_name } recusou sua solicitação de “{ $event_name }” em { $when_guest }.</p><p>Motivo: { $reject_reason }</p>
sms-declined-by-host = { $host_name } recusou sua solicitação de { $event_name } em { $start_guest }
ics-summary = { $event } com { $host }
ics-summary-group = { $event } ({ $count ->
    [one] { $count } participante
   *[other] { $count } participantes
})

# Os e-mails da lista de espera e o link para um agendamento já feito (DESIGN 2.12).
waitlist-joined-subject = Você está na lista de espera de { $event }
waitlist-joined-lead = Você está na lista de espera de { $event }: { $when }.
waitlist-joined-next = Se uma vaga abrir, enviaremos por e-mail um link para reservá-la.
waitlist-joined-leave = Para sair da lista de espera:
waitlist-offer-subject = Abriu uma vaga: { $event }
waitlist-offer-lead = Abriu uma vaga em { $event }: { $when }.
waitlist-offer-held = Ela fica reservada para você até { $until }. Reserve aqui:
booking-link-subject = Seu agendamento de { $event }
booking-link-lead = Você já tem um agendamento de { $event }: { $when }.
booking-link-follow = Você pode vê-lo, remarcá-lo ou cancelá-lo aqui:

rule-required = Preencha este campo.
rule-email = Informe um endereço de e-mail válido.
rule-blocked = Este endereço de e-mail não pode ser usado para agendamentos.
rule-too-long = Este texto é longo demais.
rule-choice = Escolha uma das opções oferecidas.
rule-number = Informe um número.
rule-range = Este valor está fora do intervalo permitido.
rule-date = Informe uma data ou um horário válido.
rule-url = Informe um endereço da web que comece com https://.
rule-slug = Use apenas letras minúsculas, números e hifens.
rule-incorrect = Este dado não está correto.
rule-accepted = Confirme, por favor.
rule-invalid = Este valor não é válido.
refused-slot-taken = Este horário não está mais disponível. Talvez alguém tenha acabado de reservá-lo.
refused-series = Algumas datas desta série não estão disponíveis: { $dates }
refused-spam = Não foi possível aceitar seu agendamento.
refused-too-many = Muitos agendamentos a partir do seu endereço. Aguarde um momento e tente novamente.
refused-too-many-holds = Há horários demais reservados temporariamente a partir deste endereço. Aguarde um deles expirar e tente novamente.
refused-link-gone = Este link privado não é mais válido.
refused-already-waitlisted = Você já está na lista de espera para este horário.
refused-no-waitlist = Este horário não tem lista de espera.
refused-slot-free = Este horário está disponível. Agende-o diretamente.
refused-attendee-limit = Você já tem um agendamento para este evento. Enviamos o link dele para o seu e-mail.
refused-not-accepting = Desculpe, o anfitrião não está aceitando novos agendamentos no momento.
refused-cannot-cancel = Desculpe, este agendamento não pode mais ser cancelado.
refused-cannot-reschedule = Desculpe, este agendamento não pode mais ser remarcado.
refused-changed = Este agendamento não pode mais ser alterado.
refused-other = Não deu certo. Tente novamente.
