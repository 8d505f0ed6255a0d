// The database's types (`Database`), as `supabase gen types typescript` prints them.
// Generated from supabase/migrations by `npm run db:types` (scripts/db-types.ts): do not edit;
// re-run it after adding a migration (`npm test` fails while this file is stale).
export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "13"
  }
  public: {
    Tables: {
      action_plan_runs: {
        Row: {
          claim_token: string | null
          completed_at: string | null
          contact_id: string
          created_at: string
          deal_id: string | null
          id: string
          iteration: number
          last_event: string | null
          last_event_at: string | null
          lease_until: string | null
          next_step_at: string | null
          paused_at: string | null
          paused_reason: string | null
          plan_id: string
          position: number
          repeats: NonNullable<Json>
          replied_at: string | null
          started_by: string | null
          status: string
          stopped_at: string | null
          trigger_key: string
          trigger_record_id: string | null
          trigger_table: string | null
          updated_at: string
        }
        Insert: {
          claim_token?: string | null
          completed_at?: string | null
          contact_id: string
          created_at?: string
          deal_id?: string | null
          id?: string
          iteration?: number
          last_event?: string | null
          last_event_at?: string | null
          lease_until?: string | null
          next_step_at?: string | null
          paused_at?: string | null
          paused_reason?: string | null
          plan_id: string
          position?: number
          repeats?: NonNullable<Json>
          replied_at?: string | null
          started_by?: string | null
          status?: string
          stopped_at?: string | null
          trigger_key: string
          trigger_record_id?: string | null
          trigger_table?: string | null
          updated_at?: string
        }
        Update: {
          claim_token?: string | null
          completed_at?: string | null
          contact_id?: string
          created_at?: string
          deal_id?: string | null
          id?: string
          iteration?: number
          last_event?: string | null
          last_event_at?: string | null
          lease_until?: string | null
          next_step_at?: string | null
          paused_at?: string | null
          paused_reason?: string | null
          plan_id?: string
          position?: number
          repeats?: NonNullable<Json>
          replied_at?: string | null
          started_by?: string | null
          status?: string
          stopped_at?: string | null
          trigger_key?: string
          trigger_record_id?: string | null
          trigger_table?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "action_plan_runs_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "action_plan_runs_deal_id_fkey"
            columns: ["deal_id"]
            isOneToOne: false
            referencedRelation: "deals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "action_plan_runs_plan_id_fkey"
            columns: ["plan_id"]
            isOneToOne: false
            referencedRelation: "action_plans"
            referencedColumns: ["id"]
          },
        ]
      }
      action_plan_steps: {
        Row: {
          config: NonNullable<Json>
          created_at: string
          id: string
          kind: string
          plan_id: string
          position: number
          updated_at: string
        }
        Insert: {
          config?: NonNullable<Json>
          created_at?: string
          id?: string
          kind: string
          plan_id: string
          position: number
          updated_at?: string
        }
        Update: {
          config?: NonNullable<Json>
          created_at?: string
          id?: string
          kind?: string
          plan_id?: string
          position?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "action_plan_steps_plan_id_fkey"
            columns: ["plan_id"]
            isOneToOne: false
            referencedRelation: "action_plans"
            referencedColumns: ["id"]
          },
        ]
      }
      action_plans: {
        Row: {
          created_at: string
          description: string | null
          id: string
          is_active: boolean
          name: string
          owner_id: string | null
          pause_on_reply: boolean
          quiet_end: number
          quiet_start: number
          scope: string
          trigger_days: number | null
          trigger_deal_stage_id: string | null
          trigger_inbox: string | null
          trigger_kind: string
          trigger_stage: string | null
          trigger_tag: string | null
          updated_at: string
        }
        Insert: {
          created_at?: string
          description?: string | null
          id?: string
          is_active?: boolean
          name: string
          owner_id?: string | null
          pause_on_reply?: boolean
          quiet_end?: number
          quiet_start?: number
          scope?: string
          trigger_days?: number | null
          trigger_deal_stage_id?: string | null
          trigger_inbox?: string | null
          trigger_kind?: string
          trigger_stage?: string | null
          trigger_tag?: string | null
          updated_at?: string
        }
        Update: {
          created_at?: string
          description?: string | null
          id?: string
          is_active?: boolean
          name?: string
          owner_id?: string | null
          pause_on_reply?: boolean
          quiet_end?: number
          quiet_start?: number
          scope?: string
          trigger_days?: number | null
          trigger_deal_stage_id?: string | null
          trigger_inbox?: string | null
          trigger_kind?: string
          trigger_stage?: string | null
          trigger_tag?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "action_plans_trigger_deal_stage_id_fkey"
            columns: ["trigger_deal_stage_id"]
            isOneToOne: false
            referencedRelation: "deal_stages"
            referencedColumns: ["id"]
          },
        ]
      }
      announcement_reads: {
        Row: {
          announcement_id: string
          created_at: string
          read_at: string
          updated_at: string
          user_id: string
        }
        Insert: {
          announcement_id: string
          created_at?: string
          read_at?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          announcement_id?: string
          created_at?: string
          read_at?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "announcement_reads_announcement_id_fkey"
            columns: ["announcement_id"]
            isOneToOne: false
            referencedRelation: "announcements"
            referencedColumns: ["id"]
          },
        ]
      }
      announcements: {
        Row: {
          audience: string
          author_id: string | null
          body: string
          created_at: string
          expires_at: string | null
          id: string
          pinned: boolean
          title: string
          updated_at: string
        }
        Insert: {
          audience?: string
          author_id?: string | null
          body: string
          created_at?: string
          expires_at?: string | null
          id?: string
          pinned?: boolean
          title: string
          updated_at?: string
        }
        Update: {
          audience?: string
          author_id?: string | null
          body?: string
          created_at?: string
          expires_at?: string | null
          id?: string
          pinned?: boolean
          title?: string
          updated_at?: string
        }
        Relationships: []
      }
      appointment_notices: {
        Row: {
          attempts: number
          created_at: string
          id: string
          kind: string
          last_error: string | null
          lease_until: string | null
          processed_at: string | null
          record_id: string
          record_table: string
          starts_at: string
          updated_at: string
        }
        Insert: {
          attempts?: number
          created_at?: string
          id?: string
          kind: string
          last_error?: string | null
          lease_until?: string | null
          processed_at?: string | null
          record_id: string
          record_table: string
          starts_at: string
          updated_at?: string
        }
        Update: {
          attempts?: number
          created_at?: string
          id?: string
          kind?: string
          last_error?: string | null
          lease_until?: string | null
          processed_at?: string | null
          record_id?: string
          record_table?: string
          starts_at?: string
          updated_at?: string
        }
        Relationships: []
      }
      audit_log: {
        Row: {
          action: string
          actor_id: string | null
          actor_role: string | null
          changes: NonNullable<Json>
          created_at: string
          id: number
          record_id: string
          table_name: string
        }
        Insert: {
          action: string
          actor_id?: string | null
          actor_role?: string | null
          changes?: NonNullable<Json>
          created_at?: string
          id?: never
          record_id: string
          table_name: string
        }
        Update: {
          action?: string
          actor_id?: string | null
          actor_role?: string | null
          changes?: NonNullable<Json>
          created_at?: string
          id?: never
          record_id?: string
          table_name?: string
        }
        Relationships: []
      }
      blog_post_editors: {
        Row: {
          created_at: string
          post_id: string
          seen_at: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          post_id: string
          seen_at?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          post_id?: string
          seen_at?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "blog_post_editors_post_id_fkey"
            columns: ["post_id"]
            isOneToOne: false
            referencedRelation: "blog_posts"
            referencedColumns: ["id"]
          },
        ]
      }
      blog_post_images: {
        Row: {
          alt_text: string | null
          created_at: string
          height: number | null
          post_id: string
          storage_path: string
          updated_at: string
          uploaded_by: string | null
          width: number | null
        }
        Insert: {
          alt_text?: string | null
          created_at?: string
          height?: number | null
          post_id: string
          storage_path: string
          updated_at?: string
          uploaded_by?: string | null
          width?: number | null
        }
        Update: {
          alt_text?: string | null
          created_at?: string
          height?: number | null
          post_id?: string
          storage_path?: string
          updated_at?: string
          uploaded_by?: string | null
          width?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "blog_post_images_post_id_fkey"
            columns: ["post_id"]
            isOneToOne: false
            referencedRelation: "blog_posts"
            referencedColumns: ["id"]
          },
        ]
      }
      blog_post_slug_redirects: {
        Row: {
          created_at: string
          old_slug: string
          post_id: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          old_slug: string
          post_id: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          old_slug?: string
          post_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "blog_post_slug_redirects_post_id_fkey"
            columns: ["post_id"]
            isOneToOne: false
            referencedRelation: "blog_posts"
            referencedColumns: ["id"]
          },
        ]
      }
      blog_posts: {
        Row: {
          author_id: string | null
          author_name: string | null
          content: string
          cover_image_alt: string | null
          cover_image_url: string | null
          created_at: string
          excerpt: string | null
          id: string
          published_at: string | null
          search_text: string | null
          seo_description: string | null
          seo_title: string | null
          slug: string
          status: string
          tags: string[]
          title: string
          updated_at: string
        }
        Insert: {
          author_id?: string | null
          author_name?: string | null
          content?: string
          cover_image_alt?: string | null
          cover_image_url?: string | null
          created_at?: string
          excerpt?: string | null
          id?: string
          published_at?: string | null
          search_text?: never
          seo_description?: string | null
          seo_title?: string | null
          slug: string
          status?: string
          tags?: string[]
          title: string
          updated_at?: string
        }
        Update: {
          author_id?: string | null
          author_name?: string | null
          content?: string
          cover_image_alt?: string | null
          cover_image_url?: string | null
          created_at?: string
          excerpt?: string | null
          id?: string
          published_at?: string | null
          search_text?: never
          seo_description?: string | null
          seo_title?: string | null
          slug?: string
          status?: string
          tags?: string[]
          title?: string
          updated_at?: string
        }
        Relationships: []
      }
      booking_event_type_hosts: {
        Row: {
          created_at: string
          event_type_id: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          event_type_id: string
          updated_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          event_type_id?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "booking_event_type_hosts_event_type_id_fkey"
            columns: ["event_type_id"]
            isOneToOne: false
            referencedRelation: "booking_event_types"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_event_types: {
        Row: {
          active: boolean
          booking_window_days: number
          buffer_after_minutes: number
          buffer_before_minutes: number
          confirmation: string
          created_at: string
          daily_cap: number
          description: string | null
          duration_minutes: number
          group_viewings: boolean
          id: string
          kind: string
          min_notice_minutes: number
          name: string
          service: string | null
          slot_interval_minutes: number
          slug: string
          updated_at: string
        }
        Insert: {
          active?: boolean
          booking_window_days?: number
          buffer_after_minutes?: number
          buffer_before_minutes?: number
          confirmation?: string
          created_at?: string
          daily_cap?: number
          description?: string | null
          duration_minutes?: number
          group_viewings?: boolean
          id?: string
          kind: string
          min_notice_minutes?: number
          name: string
          service?: string | null
          slot_interval_minutes?: number
          slug: string
          updated_at?: string
        }
        Update: {
          active?: boolean
          booking_window_days?: number
          buffer_after_minutes?: number
          buffer_before_minutes?: number
          confirmation?: string
          created_at?: string
          daily_cap?: number
          description?: string | null
          duration_minutes?: number
          group_viewings?: boolean
          id?: string
          kind?: string
          min_notice_minutes?: number
          name?: string
          service?: string | null
          slot_interval_minutes?: number
          slug?: string
          updated_at?: string
        }
        Relationships: []
      }
      bookings: {
        Row: {
          assignee_id: string | null
          attendees: number
          blocked_from: string | null
          blocked_until: string | null
          buffer_after_minutes: number
          buffer_before_minutes: number
          confirmed_at: string | null
          consent_at: string
          contact_id: string | null
          created_at: string
          deal_id: string | null
          duration_minutes: number
          email: string
          ends_at: string | null
          event_type_id: string | null
          full_name: string
          ics_sequence: number
          id: string
          last_reply_at: string | null
          message: string | null
          phone: string
          preferred_date: string
          property_id: string | null
          property_slug: string | null
          search_text: string | null
          source_host: string | null
          starts_at: string
          status: string
          time_slot: string
          updated_at: string
          user_agent: string | null
          whatsapp_opt_in: boolean
        }
        Insert: {
          assignee_id?: string | null
          attendees?: number
          blocked_from?: string | null
          blocked_until?: string | null
          buffer_after_minutes?: number
          buffer_before_minutes?: number
          confirmed_at?: string | null
          consent_at: string
          contact_id?: string | null
          created_at?: string
          deal_id?: string | null
          duration_minutes?: number
          email: string
          ends_at?: string | null
          event_type_id?: string | null
          full_name: string
          ics_sequence?: number
          id?: string
          last_reply_at?: string | null
          message?: string | null
          phone: string
          preferred_date: string
          property_id?: string | null
          property_slug?: string | null
          search_text?: never
          source_host?: string | null
          starts_at: string
          status?: string
          time_slot: string
          updated_at?: string
          user_agent?: string | null
          whatsapp_opt_in?: boolean
        }
        Update: {
          assignee_id?: string | null
          attendees?: number
          blocked_from?: string | null
          blocked_until?: string | null
          buffer_after_minutes?: number
          buffer_before_minutes?: number
          confirmed_at?: string | null
          consent_at?: string
          contact_id?: string | null
          created_at?: string
          deal_id?: string | null
          duration_minutes?: number
          email?: string
          ends_at?: string | null
          event_type_id?: string | null
          full_name?: string
          ics_sequence?: number
          id?: string
          last_reply_at?: string | null
          message?: string | null
          phone?: string
          preferred_date?: string
          property_id?: string | null
          property_slug?: string | null
          search_text?: never
          source_host?: string | null
          starts_at?: string
          status?: string
          time_slot?: string
          updated_at?: string
          user_agent?: string | null
          whatsapp_opt_in?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "bookings_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bookings_deal_id_fkey"
            columns: ["deal_id"]
            isOneToOne: false
            referencedRelation: "deals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bookings_event_type_id_fkey"
            columns: ["event_type_id"]
            isOneToOne: false
            referencedRelation: "booking_event_types"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bookings_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      branches: {
        Row: {
          created_at: string
          id: string
          name: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          id?: string
          name: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          id?: string
          name?: string
          updated_at?: string
        }
        Relationships: []
      }
      calendar_feeds: {
        Row: {
          created_at: string
          last_fetched_at: string | null
          token_hash: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          last_fetched_at?: string | null
          token_hash: string
          updated_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          last_fetched_at?: string | null
          token_hash?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      co_broke_deals: {
        Row: {
          agency_commission: number | null
          agreed_price: number | null
          commission_paid_on: string | null
          commission_status: string
          created_at: string
          created_by: string | null
          currency: string
          id: string
          partner_commission: number | null
          partner_id: string
          partner_note: string | null
          partner_split_percent: number
          property_id: string | null
          registration_id: string | null
          stage: string
          title: string
          updated_at: string
        }
        Insert: {
          agency_commission?: number | null
          agreed_price?: number | null
          commission_paid_on?: string | null
          commission_status?: string
          created_at?: string
          created_by?: string | null
          currency?: string
          id?: string
          partner_commission?: never
          partner_id: string
          partner_note?: string | null
          partner_split_percent: number
          property_id?: string | null
          registration_id?: string | null
          stage?: string
          title: string
          updated_at?: string
        }
        Update: {
          agency_commission?: number | null
          agreed_price?: number | null
          commission_paid_on?: string | null
          commission_status?: string
          created_at?: string
          created_by?: string | null
          currency?: string
          id?: string
          partner_commission?: never
          partner_id?: string
          partner_note?: string | null
          partner_split_percent?: number
          property_id?: string | null
          registration_id?: string | null
          stage?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "co_broke_deals_partner_id_fkey"
            columns: ["partner_id"]
            isOneToOne: false
            referencedRelation: "partners"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "co_broke_deals_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "co_broke_deals_registration_id_fkey"
            columns: ["registration_id"]
            isOneToOne: true
            referencedRelation: "partner_buyer_registrations"
            referencedColumns: ["id"]
          },
        ]
      }
      consultations: {
        Row: {
          assignee_id: string | null
          blocked_from: string | null
          blocked_until: string | null
          buffer_after_minutes: number
          buffer_before_minutes: number
          confirmed_at: string | null
          consent_at: string
          contact_id: string | null
          created_at: string
          deal_id: string | null
          duration_minutes: number
          email: string
          ends_at: string | null
          event_type_id: string | null
          full_name: string
          ics_sequence: number
          id: string
          last_reply_at: string | null
          meeting_mode: string
          message: string | null
          phone: string
          preferred_date: string
          search_text: string | null
          service: string
          source_host: string | null
          starts_at: string
          status: string
          time_slot: string
          updated_at: string
          user_agent: string | null
          whatsapp_opt_in: boolean
        }
        Insert: {
          assignee_id?: string | null
          blocked_from?: string | null
          blocked_until?: string | null
          buffer_after_minutes?: number
          buffer_before_minutes?: number
          confirmed_at?: string | null
          consent_at: string
          contact_id?: string | null
          created_at?: string
          deal_id?: string | null
          duration_minutes?: number
          email: string
          ends_at?: string | null
          event_type_id?: string | null
          full_name: string
          ics_sequence?: number
          id?: string
          last_reply_at?: string | null
          meeting_mode?: string
          message?: string | null
          phone: string
          preferred_date: string
          search_text?: never
          service: string
          source_host?: string | null
          starts_at: string
          status?: string
          time_slot: string
          updated_at?: string
          user_agent?: string | null
          whatsapp_opt_in?: boolean
        }
        Update: {
          assignee_id?: string | null
          blocked_from?: string | null
          blocked_until?: string | null
          buffer_after_minutes?: number
          buffer_before_minutes?: number
          confirmed_at?: string | null
          consent_at?: string
          contact_id?: string | null
          created_at?: string
          deal_id?: string | null
          duration_minutes?: number
          email?: string
          ends_at?: string | null
          event_type_id?: string | null
          full_name?: string
          ics_sequence?: number
          id?: string
          last_reply_at?: string | null
          meeting_mode?: string
          message?: string | null
          phone?: string
          preferred_date?: string
          search_text?: never
          service?: string
          source_host?: string | null
          starts_at?: string
          status?: string
          time_slot?: string
          updated_at?: string
          user_agent?: string | null
          whatsapp_opt_in?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "consultations_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "consultations_deal_id_fkey"
            columns: ["deal_id"]
            isOneToOne: false
            referencedRelation: "deals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "consultations_event_type_id_fkey"
            columns: ["event_type_id"]
            isOneToOne: false
            referencedRelation: "booking_event_types"
            referencedColumns: ["id"]
          },
        ]
      }
      contact_activities: {
        Row: {
          actor_id: string | null
          body: string | null
          contact_id: string
          created_at: string
          dedup_key: string | null
          details: NonNullable<Json>
          direction: string | null
          id: string
          kind: string
          occurred_at: string
          record_id: string | null
          record_table: string | null
          summary: string
          updated_at: string
        }
        Insert: {
          actor_id?: string | null
          body?: string | null
          contact_id: string
          created_at?: string
          dedup_key?: string | null
          details?: NonNullable<Json>
          direction?: string | null
          id?: string
          kind: string
          occurred_at?: string
          record_id?: string | null
          record_table?: string | null
          summary: string
          updated_at?: string
        }
        Update: {
          actor_id?: string | null
          body?: string | null
          contact_id?: string
          created_at?: string
          dedup_key?: string | null
          details?: NonNullable<Json>
          direction?: string | null
          id?: string
          kind?: string
          occurred_at?: string
          record_id?: string | null
          record_table?: string | null
          summary?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "contact_activities_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
        ]
      }
      contact_submissions: {
        Row: {
          assignee_id: string | null
          consent_at: string
          contact_id: string | null
          created_at: string
          deal_id: string | null
          email: string | null
          full_name: string
          id: string
          last_reply_at: string | null
          message: string
          phone: string | null
          property_id: string | null
          property_slug: string | null
          search_text: string | null
          source_host: string | null
          status: string
          subject: string | null
          updated_at: string
          user_agent: string | null
        }
        Insert: {
          assignee_id?: string | null
          consent_at: string
          contact_id?: string | null
          created_at?: string
          deal_id?: string | null
          email?: string | null
          full_name: string
          id?: string
          last_reply_at?: string | null
          message: string
          phone?: string | null
          property_id?: string | null
          property_slug?: string | null
          search_text?: never
          source_host?: string | null
          status?: string
          subject?: string | null
          updated_at?: string
          user_agent?: string | null
        }
        Update: {
          assignee_id?: string | null
          consent_at?: string
          contact_id?: string | null
          created_at?: string
          deal_id?: string | null
          email?: string | null
          full_name?: string
          id?: string
          last_reply_at?: string | null
          message?: string
          phone?: string | null
          property_id?: string | null
          property_slug?: string | null
          search_text?: never
          source_host?: string | null
          status?: string
          subject?: string | null
          updated_at?: string
          user_agent?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "contact_submissions_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "contact_submissions_deal_id_fkey"
            columns: ["deal_id"]
            isOneToOne: false
            referencedRelation: "deals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "contact_submissions_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      contacts: {
        Row: {
          address: string | null
          alt_email: string | null
          alt_phone: string | null
          anonymised_at: string | null
          anonymised_by: string | null
          assignee_id: string | null
          city: string | null
          company_id: string | null
          company_name: string | null
          consent_at: string | null
          consent_note: string | null
          consent_source: string | null
          consent_status: string
          created_at: string
          display_name: string | null
          email: string | null
          first_name: string | null
          ghana_post_gps: string | null
          id: string
          industry: string | null
          job_title: string | null
          kind: string
          last_activity_at: string | null
          last_name: string | null
          marketing_consent: boolean
          marketing_consent_at: string | null
          neighbourhood: string | null
          notes: string | null
          owner_id: string | null
          phone: string | null
          phone_network: string | null
          search_text: string | null
          source: string | null
          stage: string
          tags: string[]
          tin: string | null
          type: string
          updated_at: string
          website: string | null
          whatsapp_opt_in: boolean
          whatsapp_opt_in_at: string | null
          whatsapp_opt_in_source: string | null
        }
        Insert: {
          address?: string | null
          alt_email?: string | null
          alt_phone?: string | null
          anonymised_at?: string | null
          anonymised_by?: string | null
          assignee_id?: string | null
          city?: string | null
          company_id?: string | null
          company_name?: string | null
          consent_at?: string | null
          consent_note?: string | null
          consent_source?: string | null
          consent_status?: string
          created_at?: string
          display_name?: never
          email?: string | null
          first_name?: string | null
          ghana_post_gps?: string | null
          id?: string
          industry?: string | null
          job_title?: string | null
          kind?: string
          last_activity_at?: string | null
          last_name?: string | null
          marketing_consent?: boolean
          marketing_consent_at?: string | null
          neighbourhood?: string | null
          notes?: string | null
          owner_id?: string | null
          phone?: string | null
          phone_network?: never
          search_text?: never
          source?: string | null
          stage?: string
          tags?: string[]
          tin?: string | null
          type?: string
          updated_at?: string
          website?: string | null
          whatsapp_opt_in?: boolean
          whatsapp_opt_in_at?: string | null
          whatsapp_opt_in_source?: string | null
        }
        Update: {
          address?: string | null
          alt_email?: string | null
          alt_phone?: string | null
          anonymised_at?: string | null
          anonymised_by?: string | null
          assignee_id?: string | null
          city?: string | null
          company_id?: string | null
          company_name?: string | null
          consent_at?: string | null
          consent_note?: string | null
          consent_source?: string | null
          consent_status?: string
          created_at?: string
          display_name?: never
          email?: string | null
          first_name?: string | null
          ghana_post_gps?: string | null
          id?: string
          industry?: string | null
          job_title?: string | null
          kind?: string
          last_activity_at?: string | null
          last_name?: string | null
          marketing_consent?: boolean
          marketing_consent_at?: string | null
          neighbourhood?: string | null
          notes?: string | null
          owner_id?: string | null
          phone?: string | null
          phone_network?: never
          search_text?: never
          source?: string | null
          stage?: string
          tags?: string[]
          tin?: string | null
          type?: string
          updated_at?: string
          website?: string | null
          whatsapp_opt_in?: boolean
          whatsapp_opt_in_at?: string | null
          whatsapp_opt_in_source?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "contacts_company_id_fkey"
            columns: ["company_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
        ]
      }
      content_plan_items: {
        Row: {
          audiences: string[]
          created_at: string
          id: string
          keywords: string[]
          notes: string | null
          owner_id: string | null
          planned_for: string
          post_id: string | null
          search_text: string | null
          status: string
          title: string
          updated_at: string
        }
        Insert: {
          audiences?: string[]
          created_at?: string
          id?: string
          keywords?: string[]
          notes?: string | null
          owner_id?: string | null
          planned_for: string
          post_id?: string | null
          search_text?: never
          status?: string
          title: string
          updated_at?: string
        }
        Update: {
          audiences?: string[]
          created_at?: string
          id?: string
          keywords?: string[]
          notes?: string | null
          owner_id?: string | null
          planned_for?: string
          post_id?: string | null
          search_text?: never
          status?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "content_plan_items_post_id_fkey"
            columns: ["post_id"]
            isOneToOne: false
            referencedRelation: "blog_posts"
            referencedColumns: ["id"]
          },
        ]
      }
      deal_commission_splits: {
        Row: {
          created_at: string
          deal_id: string
          id: string
          partner_contact_id: string | null
          party: string
          position: number
          share_amount: number | null
          share_percent: number | null
          share_type: string
          updated_at: string
          user_id: string | null
        }
        Insert: {
          created_at?: string
          deal_id: string
          id?: string
          partner_contact_id?: string | null
          party: string
          position?: number
          share_amount?: number | null
          share_percent?: number | null
          share_type: string
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          created_at?: string
          deal_id?: string
          id?: string
          partner_contact_id?: string | null
          party?: string
          position?: number
          share_amount?: number | null
          share_percent?: number | null
          share_type?: string
          updated_at?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "deal_commission_splits_deal_id_fkey"
            columns: ["deal_id"]
            isOneToOne: false
            referencedRelation: "deals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "deal_commission_splits_partner_contact_id_fkey"
            columns: ["partner_contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
        ]
      }
      deal_contacts: {
        Row: {
          contact_id: string
          created_at: string
          deal_id: string
          role: string
          updated_at: string
        }
        Insert: {
          contact_id: string
          created_at?: string
          deal_id: string
          role?: string
          updated_at?: string
        }
        Update: {
          contact_id?: string
          created_at?: string
          deal_id?: string
          role?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "deal_contacts_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "deal_contacts_deal_id_fkey"
            columns: ["deal_id"]
            isOneToOne: false
            referencedRelation: "deals"
            referencedColumns: ["id"]
          },
        ]
      }
      deal_lost_reasons: {
        Row: {
          created_at: string
          id: string
          is_active: boolean
          label: string
          position: number
          updated_at: string
        }
        Insert: {
          created_at?: string
          id?: string
          is_active?: boolean
          label: string
          position?: number
          updated_at?: string
        }
        Update: {
          created_at?: string
          id?: string
          is_active?: boolean
          label?: string
          position?: number
          updated_at?: string
        }
        Relationships: []
      }
      deal_pipelines: {
        Row: {
          created_at: string
          id: string
          is_archived: boolean
          key: string
          name: string
          position: number
          updated_at: string
        }
        Insert: {
          created_at?: string
          id?: string
          is_archived?: boolean
          key: string
          name: string
          position?: number
          updated_at?: string
        }
        Update: {
          created_at?: string
          id?: string
          is_archived?: boolean
          key?: string
          name?: string
          position?: number
          updated_at?: string
        }
        Relationships: []
      }
      deal_stages: {
        Row: {
          created_at: string
          id: string
          is_archived: boolean
          key: string
          name: string
          outcome: string
          pipeline_id: string
          position: number
          probability: number
          updated_at: string
        }
        Insert: {
          created_at?: string
          id?: string
          is_archived?: boolean
          key: string
          name: string
          outcome?: string
          pipeline_id: string
          position: number
          probability: number
          updated_at?: string
        }
        Update: {
          created_at?: string
          id?: string
          is_archived?: boolean
          key?: string
          name?: string
          outcome?: string
          pipeline_id?: string
          position?: number
          probability?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "deal_stages_pipeline_id_fkey"
            columns: ["pipeline_id"]
            isOneToOne: false
            referencedRelation: "deal_pipelines"
            referencedColumns: ["id"]
          },
        ]
      }
      deals: {
        Row: {
          assignee_id: string | null
          closed_at: string | null
          commission_amount: number | null
          commission_rate: number | null
          commission_type: string
          contact_id: string | null
          created_at: string
          currency: string
          expected_close_date: string | null
          id: string
          last_activity_at: string | null
          lease_end_date: string | null
          lease_start_date: string | null
          lost_note: string | null
          lost_reason_id: string | null
          notes: string | null
          owner_id: string | null
          pipeline_id: string
          property_id: string | null
          search_text: string | null
          stage_entered_at: string
          stage_id: string
          status: string
          title: string
          transaction_certificate_no: string | null
          updated_at: string
          value: number
        }
        Insert: {
          assignee_id?: string | null
          closed_at?: string | null
          commission_amount?: number | null
          commission_rate?: number | null
          commission_type?: string
          contact_id?: string | null
          created_at?: string
          currency?: string
          expected_close_date?: string | null
          id?: string
          last_activity_at?: string | null
          lease_end_date?: string | null
          lease_start_date?: string | null
          lost_note?: string | null
          lost_reason_id?: string | null
          notes?: string | null
          owner_id?: string | null
          pipeline_id: string
          property_id?: string | null
          search_text?: never
          stage_entered_at?: string
          stage_id: string
          status?: string
          title: string
          transaction_certificate_no?: string | null
          updated_at?: string
          value?: number
        }
        Update: {
          assignee_id?: string | null
          closed_at?: string | null
          commission_amount?: number | null
          commission_rate?: number | null
          commission_type?: string
          contact_id?: string | null
          created_at?: string
          currency?: string
          expected_close_date?: string | null
          id?: string
          last_activity_at?: string | null
          lease_end_date?: string | null
          lease_start_date?: string | null
          lost_note?: string | null
          lost_reason_id?: string | null
          notes?: string | null
          owner_id?: string | null
          pipeline_id?: string
          property_id?: string | null
          search_text?: never
          stage_entered_at?: string
          stage_id?: string
          status?: string
          title?: string
          transaction_certificate_no?: string | null
          updated_at?: string
          value?: number
        }
        Relationships: [
          {
            foreignKeyName: "deals_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "deals_lost_reason_id_fkey"
            columns: ["lost_reason_id"]
            isOneToOne: false
            referencedRelation: "deal_lost_reasons"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "deals_pipeline_id_fkey"
            columns: ["pipeline_id"]
            isOneToOne: false
            referencedRelation: "deal_pipelines"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "deals_pipeline_id_stage_id_fkey"
            columns: ["pipeline_id", "stage_id"]
            isOneToOne: false
            referencedRelation: "deal_stages"
            referencedColumns: ["pipeline_id", "id"]
          },
          {
            foreignKeyName: "deals_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      email_campaign_clicks: {
        Row: {
          clicks: number
          created_at: string
          first_clicked_at: string
          last_clicked_at: string
          link_id: string
          recipient_id: string
          updated_at: string
        }
        Insert: {
          clicks?: number
          created_at?: string
          first_clicked_at?: string
          last_clicked_at?: string
          link_id: string
          recipient_id: string
          updated_at?: string
        }
        Update: {
          clicks?: number
          created_at?: string
          first_clicked_at?: string
          last_clicked_at?: string
          link_id?: string
          recipient_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "email_campaign_clicks_link_id_fkey"
            columns: ["link_id"]
            isOneToOne: false
            referencedRelation: "email_campaign_links"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "email_campaign_clicks_recipient_id_fkey"
            columns: ["recipient_id"]
            isOneToOne: false
            referencedRelation: "email_campaign_recipients"
            referencedColumns: ["id"]
          },
        ]
      }
      email_campaign_links: {
        Row: {
          campaign_id: string
          created_at: string
          id: string
          link_no: number
          updated_at: string
          url: string
        }
        Insert: {
          campaign_id: string
          created_at?: string
          id?: string
          link_no: number
          updated_at?: string
          url: string
        }
        Update: {
          campaign_id?: string
          created_at?: string
          id?: string
          link_no?: number
          updated_at?: string
          url?: string
        }
        Relationships: [
          {
            foreignKeyName: "email_campaign_links_campaign_id_fkey"
            columns: ["campaign_id"]
            isOneToOne: false
            referencedRelation: "email_campaigns"
            referencedColumns: ["id"]
          },
        ]
      }
      email_campaign_recipients: {
        Row: {
          bounced_at: string | null
          campaign_id: string
          complained_at: string | null
          contact_id: string | null
          created_at: string
          email: string
          id: string
          outgoing_email_id: string | null
          unsubscribed_at: string | null
          updated_at: string
        }
        Insert: {
          bounced_at?: string | null
          campaign_id: string
          complained_at?: string | null
          contact_id?: string | null
          created_at?: string
          email: string
          id?: string
          outgoing_email_id?: string | null
          unsubscribed_at?: string | null
          updated_at?: string
        }
        Update: {
          bounced_at?: string | null
          campaign_id?: string
          complained_at?: string | null
          contact_id?: string | null
          created_at?: string
          email?: string
          id?: string
          outgoing_email_id?: string | null
          unsubscribed_at?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "email_campaign_recipients_campaign_id_fkey"
            columns: ["campaign_id"]
            isOneToOne: false
            referencedRelation: "email_campaigns"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "email_campaign_recipients_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "email_campaign_recipients_outgoing_email_id_fkey"
            columns: ["outgoing_email_id"]
            isOneToOne: false
            referencedRelation: "outgoing_emails"
            referencedColumns: ["id"]
          },
        ]
      }
      email_campaigns: {
        Row: {
          body: string
          created_at: string
          id: string
          list_id: string | null
          name: string
          owner_id: string | null
          queued_at: string | null
          recipients_count: number
          schedule_error: string | null
          scheduled_at: string | null
          send_origin: string | null
          status: string
          subject: string
          template_id: string | null
          updated_at: string
        }
        Insert: {
          body: string
          created_at?: string
          id?: string
          list_id?: string | null
          name: string
          owner_id?: string | null
          queued_at?: string | null
          recipients_count?: number
          schedule_error?: string | null
          scheduled_at?: string | null
          send_origin?: string | null
          status?: string
          subject: string
          template_id?: string | null
          updated_at?: string
        }
        Update: {
          body?: string
          created_at?: string
          id?: string
          list_id?: string | null
          name?: string
          owner_id?: string | null
          queued_at?: string | null
          recipients_count?: number
          schedule_error?: string | null
          scheduled_at?: string | null
          send_origin?: string | null
          status?: string
          subject?: string
          template_id?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "email_campaigns_list_id_fkey"
            columns: ["list_id"]
            isOneToOne: false
            referencedRelation: "email_lists"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "email_campaigns_template_id_fkey"
            columns: ["template_id"]
            isOneToOne: false
            referencedRelation: "email_templates"
            referencedColumns: ["id"]
          },
        ]
      }
      email_list_members: {
        Row: {
          added_by: string | null
          contact_id: string
          created_at: string
          list_id: string
          updated_at: string
        }
        Insert: {
          added_by?: string | null
          contact_id: string
          created_at?: string
          list_id: string
          updated_at?: string
        }
        Update: {
          added_by?: string | null
          contact_id?: string
          created_at?: string
          list_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "email_list_members_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "email_list_members_list_id_fkey"
            columns: ["list_id"]
            isOneToOne: false
            referencedRelation: "email_lists"
            referencedColumns: ["id"]
          },
        ]
      }
      email_lists: {
        Row: {
          created_at: string
          description: string | null
          filter: NonNullable<Json>
          id: string
          kind: string
          name: string
          owner_id: string | null
          updated_at: string
        }
        Insert: {
          created_at?: string
          description?: string | null
          filter?: NonNullable<Json>
          id?: string
          kind?: string
          name: string
          owner_id?: string | null
          updated_at?: string
        }
        Update: {
          created_at?: string
          description?: string | null
          filter?: NonNullable<Json>
          id?: string
          kind?: string
          name?: string
          owner_id?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      email_suppressions: {
        Row: {
          added_by: string | null
          campaign_id: string | null
          created_at: string
          email: string
          reason: string
          updated_at: string
        }
        Insert: {
          added_by?: string | null
          campaign_id?: string | null
          created_at?: string
          email: string
          reason: string
          updated_at?: string
        }
        Update: {
          added_by?: string | null
          campaign_id?: string | null
          created_at?: string
          email?: string
          reason?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "email_suppressions_campaign_id_fkey"
            columns: ["campaign_id"]
            isOneToOne: false
            referencedRelation: "email_campaigns"
            referencedColumns: ["id"]
          },
        ]
      }
      email_templates: {
        Row: {
          body: string
          created_at: string
          id: string
          name: string
          owner_id: string | null
          subject: string
          updated_at: string
        }
        Insert: {
          body: string
          created_at?: string
          id?: string
          name: string
          owner_id?: string | null
          subject: string
          updated_at?: string
        }
        Update: {
          body?: string
          created_at?: string
          id?: string
          name?: string
          owner_id?: string | null
          subject?: string
          updated_at?: string
        }
        Relationships: []
      }
      event_attendees: {
        Row: {
          contact_id: string | null
          created_at: string
          event_id: string
          id: string
          responded_at: string | null
          response: string
          updated_at: string
          user_id: string | null
        }
        Insert: {
          contact_id?: string | null
          created_at?: string
          event_id: string
          id?: string
          responded_at?: string | null
          response?: string
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          contact_id?: string | null
          created_at?: string
          event_id?: string
          id?: string
          responded_at?: string | null
          response?: string
          updated_at?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "event_attendees_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_attendees_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      events: {
        Row: {
          all_day: boolean
          contact_id: string | null
          created_at: string
          description: string | null
          ends_at: string
          id: string
          kind: string
          location: string | null
          owner_id: string | null
          property_id: string | null
          search_text: string | null
          starts_at: string
          status: string
          title: string
          updated_at: string
        }
        Insert: {
          all_day?: boolean
          contact_id?: string | null
          created_at?: string
          description?: string | null
          ends_at: string
          id?: string
          kind?: string
          location?: string | null
          owner_id?: string | null
          property_id?: string | null
          search_text?: never
          starts_at: string
          status?: string
          title: string
          updated_at?: string
        }
        Update: {
          all_day?: boolean
          contact_id?: string | null
          created_at?: string
          description?: string | null
          ends_at?: string
          id?: string
          kind?: string
          location?: string | null
          owner_id?: string | null
          property_id?: string | null
          search_text?: never
          starts_at?: string
          status?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "events_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "events_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      exchange_rates: {
        Row: {
          base_currency: string
          created_at: string
          created_by: string | null
          effective_on: string
          id: string
          quote_currency: string
          rate: number
          source: string
        }
        Insert: {
          base_currency?: string
          created_at?: string
          created_by?: string | null
          effective_on: string
          id?: string
          quote_currency?: string
          rate: number
          source: string
        }
        Update: {
          base_currency?: string
          created_at?: string
          created_by?: string | null
          effective_on?: string
          id?: string
          quote_currency?: string
          rate?: number
          source?: string
        }
        Relationships: []
      }
      file_attachments: {
        Row: {
          created_at: string
          created_by: string | null
          file_id: string
          id: string
          record_id: string
          record_type: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          file_id: string
          id?: string
          record_id: string
          record_type: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          file_id?: string
          id?: string
          record_id?: string
          record_type?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "file_attachments_file_id_fkey"
            columns: ["file_id"]
            isOneToOne: false
            referencedRelation: "files"
            referencedColumns: ["id"]
          },
        ]
      }
      file_folders: {
        Row: {
          created_at: string
          id: string
          name: string
          owner_id: string
          parent_id: string | null
          updated_at: string
        }
        Insert: {
          created_at?: string
          id?: string
          name: string
          owner_id?: string
          parent_id?: string | null
          updated_at?: string
        }
        Update: {
          created_at?: string
          id?: string
          name?: string
          owner_id?: string
          parent_id?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "file_folders_parent_id_fkey"
            columns: ["parent_id"]
            isOneToOne: false
            referencedRelation: "file_folders"
            referencedColumns: ["id"]
          },
        ]
      }
      files: {
        Row: {
          created_at: string
          deleted_at: string | null
          folder_id: string | null
          id: string
          mime_type: string
          name: string
          owner_id: string
          search_text: string | null
          size_bytes: number
          storage_path: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          deleted_at?: string | null
          folder_id?: string | null
          id?: string
          mime_type: string
          name: string
          owner_id?: string
          search_text?: never
          size_bytes: number
          storage_path: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          deleted_at?: string | null
          folder_id?: string | null
          id?: string
          mime_type?: string
          name?: string
          owner_id?: string
          search_text?: never
          size_bytes?: number
          storage_path?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "files_folder_id_fkey"
            columns: ["folder_id"]
            isOneToOne: false
            referencedRelation: "file_folders"
            referencedColumns: ["id"]
          },
        ]
      }
      finance_accounts: {
        Row: {
          account_number: string | null
          created_at: string
          currency: string
          id: string
          institution: string | null
          is_active: boolean
          kind: string
          name: string
          position: number
          updated_at: string
        }
        Insert: {
          account_number?: string | null
          created_at?: string
          currency?: string
          id?: string
          institution?: string | null
          is_active?: boolean
          kind: string
          name: string
          position?: number
          updated_at?: string
        }
        Update: {
          account_number?: string | null
          created_at?: string
          currency?: string
          id?: string
          institution?: string | null
          is_active?: boolean
          kind?: string
          name?: string
          position?: number
          updated_at?: string
        }
        Relationships: []
      }
      finance_attachments: {
        Row: {
          created_at: string
          entry_id: string
          file_name: string
          id: string
          mime_type: string
          size_bytes: number
          storage_path: string
          updated_at: string
          uploaded_by: string | null
        }
        Insert: {
          created_at?: string
          entry_id: string
          file_name: string
          id?: string
          mime_type: string
          size_bytes: number
          storage_path: string
          updated_at?: string
          uploaded_by?: string | null
        }
        Update: {
          created_at?: string
          entry_id?: string
          file_name?: string
          id?: string
          mime_type?: string
          size_bytes?: number
          storage_path?: string
          updated_at?: string
          uploaded_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "finance_attachments_entry_id_fkey"
            columns: ["entry_id"]
            isOneToOne: false
            referencedRelation: "finance_entries"
            referencedColumns: ["id"]
          },
        ]
      }
      finance_categories: {
        Row: {
          code: string
          created_at: string
          id: string
          is_active: boolean
          is_system: boolean
          kind: string
          name: string
          position: number
          updated_at: string
        }
        Insert: {
          code: string
          created_at?: string
          id?: string
          is_active?: boolean
          is_system?: boolean
          kind: string
          name: string
          position?: number
          updated_at?: string
        }
        Update: {
          code?: string
          created_at?: string
          id?: string
          is_active?: boolean
          is_system?: boolean
          kind?: string
          name?: string
          position?: number
          updated_at?: string
        }
        Relationships: []
      }
      finance_entries: {
        Row: {
          account_id: string | null
          amount: number
          amount_ghs: number | null
          approved_at: string | null
          approved_by: string | null
          category_id: string
          counterparty: string | null
          created_at: string
          currency: string
          description: string
          entry_date: string
          exchange_rate: number
          id: string
          kind: string
          owner_id: string | null
          payment_id: string | null
          reference: string | null
          rejection_reason: string | null
          status: string
          updated_at: string
          vat_amount: number
          vat_amount_ghs: number | null
        }
        Insert: {
          account_id?: string | null
          amount: number
          amount_ghs?: never
          approved_at?: string | null
          approved_by?: string | null
          category_id: string
          counterparty?: string | null
          created_at?: string
          currency?: string
          description: string
          entry_date?: string
          exchange_rate?: number
          id?: string
          kind: string
          owner_id?: string | null
          payment_id?: string | null
          reference?: string | null
          rejection_reason?: string | null
          status?: string
          updated_at?: string
          vat_amount?: number
          vat_amount_ghs?: never
        }
        Update: {
          account_id?: string | null
          amount?: number
          amount_ghs?: never
          approved_at?: string | null
          approved_by?: string | null
          category_id?: string
          counterparty?: string | null
          created_at?: string
          currency?: string
          description?: string
          entry_date?: string
          exchange_rate?: number
          id?: string
          kind?: string
          owner_id?: string | null
          payment_id?: string | null
          reference?: string | null
          rejection_reason?: string | null
          status?: string
          updated_at?: string
          vat_amount?: number
          vat_amount_ghs?: never
        }
        Relationships: [
          {
            foreignKeyName: "finance_entries_account_id_fkey"
            columns: ["account_id"]
            isOneToOne: false
            referencedRelation: "finance_accounts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "finance_entries_category_id_fkey"
            columns: ["category_id"]
            isOneToOne: false
            referencedRelation: "finance_categories"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "finance_entries_payment_fk"
            columns: ["payment_id"]
            isOneToOne: true
            referencedRelation: "payments"
            referencedColumns: ["id"]
          },
        ]
      }
      goals: {
        Row: {
          created_at: string
          id: string
          metric: string
          notes: string | null
          owner_id: string | null
          period_end: string | null
          period_start: string
          period_type: string
          target: number
          updated_at: string
          user_id: string | null
        }
        Insert: {
          created_at?: string
          id?: string
          metric: string
          notes?: string | null
          owner_id?: string | null
          period_end?: never
          period_start: string
          period_type: string
          target: number
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          created_at?: string
          id?: string
          metric?: string
          notes?: string | null
          owner_id?: string | null
          period_end?: never
          period_start?: string
          period_type?: string
          target?: number
          updated_at?: string
          user_id?: string | null
        }
        Relationships: []
      }
      inbox_notes: {
        Row: {
          author_id: string | null
          body: string
          created_at: string
          id: string
          record_id: string
          record_table: string
          updated_at: string
        }
        Insert: {
          author_id?: string | null
          body: string
          created_at?: string
          id?: string
          record_id: string
          record_table: string
          updated_at?: string
        }
        Update: {
          author_id?: string | null
          body?: string
          created_at?: string
          id?: string
          record_id?: string
          record_table?: string
          updated_at?: string
        }
        Relationships: []
      }
      inbox_replies: {
        Row: {
          address_had_bounced: boolean
          body: string
          created_at: string
          delivery_status: string
          email_id: string | null
          id: string
          kind: string
          record_id: string
          record_table: string
          sent_by: string | null
          subject: string
          to_address: string
          updated_at: string
        }
        Insert: {
          address_had_bounced?: boolean
          body: string
          created_at?: string
          delivery_status?: string
          email_id?: string | null
          id?: string
          kind?: string
          record_id: string
          record_table: string
          sent_by?: string | null
          subject: string
          to_address: string
          updated_at?: string
        }
        Update: {
          address_had_bounced?: boolean
          body?: string
          created_at?: string
          delivery_status?: string
          email_id?: string | null
          id?: string
          kind?: string
          record_id?: string
          record_table?: string
          sent_by?: string | null
          subject?: string
          to_address?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "inbox_replies_email_id_fkey"
            columns: ["email_id"]
            isOneToOne: false
            referencedRelation: "outgoing_emails"
            referencedColumns: ["id"]
          },
        ]
      }
      inbox_reply_templates: {
        Row: {
          body: string
          channel: string
          created_at: string
          created_by: string | null
          id: string
          inbox: string | null
          name: string
          subject: string | null
          updated_at: string
        }
        Insert: {
          body: string
          channel?: string
          created_at?: string
          created_by?: string | null
          id?: string
          inbox?: string | null
          name: string
          subject?: string | null
          updated_at?: string
        }
        Update: {
          body?: string
          channel?: string
          created_at?: string
          created_by?: string | null
          id?: string
          inbox?: string | null
          name?: string
          subject?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      invoice_items: {
        Row: {
          created_at: string
          description: string
          discount_percent: number
          id: string
          invoice_id: string
          line_total: number
          position: number
          quantity: number
          tax_class: string
          unit_price: number
          updated_at: string
        }
        Insert: {
          created_at?: string
          description: string
          discount_percent?: number
          id?: string
          invoice_id: string
          line_total?: number
          position?: number
          quantity?: number
          tax_class?: string
          unit_price: number
          updated_at?: string
        }
        Update: {
          created_at?: string
          description?: string
          discount_percent?: number
          id?: string
          invoice_id?: string
          line_total?: number
          position?: number
          quantity?: number
          tax_class?: string
          unit_price?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "invoice_items_invoice_id_fkey"
            columns: ["invoice_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id"]
          },
        ]
      }
      invoice_reminders: {
        Row: {
          created_at: string
          email_id: string | null
          id: string
          invoice_id: string
          offset_days: number
          reminded_on: string
          to_address: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          email_id?: string | null
          id?: string
          invoice_id: string
          offset_days: number
          reminded_on: string
          to_address: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          email_id?: string | null
          id?: string
          invoice_id?: string
          offset_days?: number
          reminded_on?: string
          to_address?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "invoice_reminders_email_id_fkey"
            columns: ["email_id"]
            isOneToOne: false
            referencedRelation: "outgoing_emails"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invoice_reminders_invoice_id_fkey"
            columns: ["invoice_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id"]
          },
        ]
      }
      invoice_taxes: {
        Row: {
          amount: number
          base: number
          code: string
          created_at: string
          invoice_id: string
          name: string
          position: number
          rate: number
          tax_class: string
          updated_at: string
        }
        Insert: {
          amount: number
          base: number
          code: string
          created_at?: string
          invoice_id: string
          name: string
          position?: number
          rate: number
          tax_class: string
          updated_at?: string
        }
        Update: {
          amount?: number
          base?: number
          code?: string
          created_at?: string
          invoice_id?: string
          name?: string
          position?: number
          rate?: number
          tax_class?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "invoice_taxes_invoice_id_fkey"
            columns: ["invoice_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id"]
          },
        ]
      }
      invoices: {
        Row: {
          amount_credited: number
          amount_paid: number
          assignee_id: string | null
          bill_to_address: string | null
          bill_to_email: string | null
          bill_to_name: string
          bill_to_phone: string | null
          client_key: string | null
          converted_from_id: string | null
          created_at: string
          created_by: string | null
          credit_reason: string | null
          credited_invoice_id: string | null
          currency: string
          due_date: string | null
          exchange_rate: number | null
          exchange_rate_date: string | null
          gra_invoice_id: string | null
          gra_qr_code: string | null
          gra_sdc_time: string | null
          id: string
          issue_date: string | null
          issued_at: string | null
          issued_by: string | null
          kind: string
          last_sent_at: string | null
          last_sent_to: string | null
          notes: string | null
          number: string | null
          owner_id: string | null
          payment_instructions: string | null
          payment_terms_days: number
          search_text: string | null
          status: string
          subtotal: number
          tax_total: number
          total: number
          updated_at: string
          void_reason: string | null
          voided_at: string | null
          withholding: string
          withholding_amount: number
          withholding_rate: number | null
        }
        Insert: {
          amount_credited?: number
          amount_paid?: number
          assignee_id?: string | null
          bill_to_address?: string | null
          bill_to_email?: string | null
          bill_to_name: string
          bill_to_phone?: string | null
          client_key?: never
          converted_from_id?: string | null
          created_at?: string
          created_by?: string | null
          credit_reason?: string | null
          credited_invoice_id?: string | null
          currency?: string
          due_date?: string | null
          exchange_rate?: number | null
          exchange_rate_date?: string | null
          gra_invoice_id?: string | null
          gra_qr_code?: string | null
          gra_sdc_time?: string | null
          id?: string
          issue_date?: string | null
          issued_at?: string | null
          issued_by?: string | null
          kind?: string
          last_sent_at?: string | null
          last_sent_to?: string | null
          notes?: string | null
          number?: string | null
          owner_id?: string | null
          payment_instructions?: string | null
          payment_terms_days?: number
          search_text?: never
          status?: string
          subtotal?: number
          tax_total?: number
          total?: number
          updated_at?: string
          void_reason?: string | null
          voided_at?: string | null
          withholding?: string
          withholding_amount?: number
          withholding_rate?: number | null
        }
        Update: {
          amount_credited?: number
          amount_paid?: number
          assignee_id?: string | null
          bill_to_address?: string | null
          bill_to_email?: string | null
          bill_to_name?: string
          bill_to_phone?: string | null
          client_key?: never
          converted_from_id?: string | null
          created_at?: string
          created_by?: string | null
          credit_reason?: string | null
          credited_invoice_id?: string | null
          currency?: string
          due_date?: string | null
          exchange_rate?: number | null
          exchange_rate_date?: string | null
          gra_invoice_id?: string | null
          gra_qr_code?: string | null
          gra_sdc_time?: string | null
          id?: string
          issue_date?: string | null
          issued_at?: string | null
          issued_by?: string | null
          kind?: string
          last_sent_at?: string | null
          last_sent_to?: string | null
          notes?: string | null
          number?: string | null
          owner_id?: string | null
          payment_instructions?: string | null
          payment_terms_days?: number
          search_text?: never
          status?: string
          subtotal?: number
          tax_total?: number
          total?: number
          updated_at?: string
          void_reason?: string | null
          voided_at?: string | null
          withholding?: string
          withholding_amount?: number
          withholding_rate?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "invoices_converted_from_id_fkey"
            columns: ["converted_from_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invoices_credited_invoice_id_fkey"
            columns: ["credited_invoice_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id"]
          },
        ]
      }
      listing_match_queue: {
        Row: {
          created_at: string
          due_at: string
          processed_at: string | null
          property_id: string
          reason: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          due_at?: string
          processed_at?: string | null
          property_id: string
          reason: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          due_at?: string
          processed_at?: string | null
          property_id?: string
          reason?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "listing_match_queue_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: true
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      module_access: {
        Row: {
          created_at: string
          label: string
          mode: string
          module: string
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          created_at?: string
          label: string
          mode: string
          module: string
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          created_at?: string
          label?: string
          mode?: string
          module?: string
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: []
      }
      money_settings: {
        Row: {
          created_at: string
          default_payment_terms_days: number
          id: boolean
          online_payments_account_id: string | null
          reminder_offsets: number[]
          updated_at: string
        }
        Insert: {
          created_at?: string
          default_payment_terms_days?: number
          id?: boolean
          online_payments_account_id?: string | null
          reminder_offsets?: number[]
          updated_at?: string
        }
        Update: {
          created_at?: string
          default_payment_terms_days?: number
          id?: boolean
          online_payments_account_id?: string | null
          reminder_offsets?: number[]
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "money_settings_online_payments_account_id_fkey"
            columns: ["online_payments_account_id"]
            isOneToOne: false
            referencedRelation: "finance_accounts"
            referencedColumns: ["id"]
          },
        ]
      }
      notifications: {
        Row: {
          actor_id: string | null
          body: string | null
          created_at: string
          id: string
          kind: string
          link: string | null
          read_at: string | null
          record_id: string | null
          record_table: string | null
          title: string
          updated_at: string
          user_id: string
        }
        Insert: {
          actor_id?: string | null
          body?: string | null
          created_at?: string
          id?: string
          kind: string
          link?: string | null
          read_at?: string | null
          record_id?: string | null
          record_table?: string | null
          title: string
          updated_at?: string
          user_id: string
        }
        Update: {
          actor_id?: string | null
          body?: string | null
          created_at?: string
          id?: string
          kind?: string
          link?: string | null
          read_at?: string | null
          record_id?: string | null
          record_table?: string | null
          title?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      online_payments: {
        Row: {
          access_code: string | null
          amount_minor: number
          authorization_url: string | null
          channel: string
          created_at: string
          currency: string
          email: string
          gateway_response: string | null
          invoice_id: string
          momo_network: string | null
          paid_at: string | null
          payment_id: string | null
          provider: string
          provider_transaction_id: string | null
          reference: string
          status: string
          updated_at: string
          verified_at: string | null
        }
        Insert: {
          access_code?: string | null
          amount_minor: number
          authorization_url?: string | null
          channel: string
          created_at?: string
          currency: string
          email: string
          gateway_response?: string | null
          invoice_id: string
          momo_network?: string | null
          paid_at?: string | null
          payment_id?: string | null
          provider?: string
          provider_transaction_id?: string | null
          reference: string
          status?: string
          updated_at?: string
          verified_at?: string | null
        }
        Update: {
          access_code?: string | null
          amount_minor?: number
          authorization_url?: string | null
          channel?: string
          created_at?: string
          currency?: string
          email?: string
          gateway_response?: string | null
          invoice_id?: string
          momo_network?: string | null
          paid_at?: string | null
          payment_id?: string | null
          provider?: string
          provider_transaction_id?: string | null
          reference?: string
          status?: string
          updated_at?: string
          verified_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "online_payments_invoice_id_fkey"
            columns: ["invoice_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "online_payments_payment_id_fkey"
            columns: ["payment_id"]
            isOneToOne: true
            referencedRelation: "payments"
            referencedColumns: ["id"]
          },
        ]
      }
      organisation_settings: {
        Row: {
          created_at: string
          id: string
          singleton: boolean
          two_factor_admins: boolean
          two_factor_staff: boolean
          updated_at: string
        }
        Insert: {
          created_at?: string
          id?: string
          singleton?: boolean
          two_factor_admins?: boolean
          two_factor_staff?: boolean
          updated_at?: string
        }
        Update: {
          created_at?: string
          id?: string
          singleton?: boolean
          two_factor_admins?: boolean
          two_factor_staff?: boolean
          updated_at?: string
        }
        Relationships: []
      }
      outgoing_emails: {
        Row: {
          attachments: NonNullable<Json>
          attempts: number
          created_at: string
          dedup_key: string | null
          headers: NonNullable<Json>
          html: string
          id: string
          kind: string
          last_error: string | null
          lease_until: string | null
          not_before: string
          notification_id: string | null
          record_id: string | null
          record_table: string | null
          sent_at: string | null
          status: string
          subject: string
          text_body: string | null
          to_address: string
          updated_at: string
        }
        Insert: {
          attachments?: NonNullable<Json>
          attempts?: number
          created_at?: string
          dedup_key?: string | null
          headers?: NonNullable<Json>
          html: string
          id?: string
          kind?: string
          last_error?: string | null
          lease_until?: string | null
          not_before?: string
          notification_id?: string | null
          record_id?: string | null
          record_table?: string | null
          sent_at?: string | null
          status?: string
          subject: string
          text_body?: string | null
          to_address: string
          updated_at?: string
        }
        Update: {
          attachments?: NonNullable<Json>
          attempts?: number
          created_at?: string
          dedup_key?: string | null
          headers?: NonNullable<Json>
          html?: string
          id?: string
          kind?: string
          last_error?: string | null
          lease_until?: string | null
          not_before?: string
          notification_id?: string | null
          record_id?: string | null
          record_table?: string | null
          sent_at?: string | null
          status?: string
          subject?: string
          text_body?: string | null
          to_address?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "outgoing_emails_notification_id_fkey"
            columns: ["notification_id"]
            isOneToOne: false
            referencedRelation: "notifications"
            referencedColumns: ["id"]
          },
        ]
      }
      partner_agreements: {
        Row: {
          created_at: string
          created_by: string | null
          document_name: string | null
          document_path: string | null
          ends_on: string | null
          id: string
          partner_id: string
          split_percent: number | null
          starts_on: string
          status: string
          terms: string | null
          title: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          document_name?: string | null
          document_path?: string | null
          ends_on?: string | null
          id?: string
          partner_id: string
          split_percent?: number | null
          starts_on: string
          status?: string
          terms?: string | null
          title: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          document_name?: string | null
          document_path?: string | null
          ends_on?: string | null
          id?: string
          partner_id?: string
          split_percent?: number | null
          starts_on?: string
          status?: string
          terms?: string | null
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "partner_agreements_partner_id_fkey"
            columns: ["partner_id"]
            isOneToOne: false
            referencedRelation: "partners"
            referencedColumns: ["id"]
          },
        ]
      }
      partner_buyer_registrations: {
        Row: {
          buyer_email: string | null
          buyer_name: string
          buyer_phone: string | null
          created_at: string
          decided_at: string | null
          decided_by: string | null
          decline_reason: string | null
          id: string
          notes: string | null
          partner_id: string
          property_id: string
          registered_by: string | null
          status: string
          updated_at: string
        }
        Insert: {
          buyer_email?: string | null
          buyer_name: string
          buyer_phone?: string | null
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          decline_reason?: string | null
          id?: string
          notes?: string | null
          partner_id: string
          property_id: string
          registered_by?: string | null
          status?: string
          updated_at?: string
        }
        Update: {
          buyer_email?: string | null
          buyer_name?: string
          buyer_phone?: string | null
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          decline_reason?: string | null
          id?: string
          notes?: string | null
          partner_id?: string
          property_id?: string
          registered_by?: string | null
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "partner_buyer_registrations_partner_id_fkey"
            columns: ["partner_id"]
            isOneToOne: false
            referencedRelation: "partners"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "partner_buyer_registrations_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      partner_listing_shares: {
        Row: {
          created_at: string
          id: string
          note: string | null
          partner_id: string
          partner_split_percent: number
          property_id: string
          shared_by: string | null
          updated_at: string
        }
        Insert: {
          created_at?: string
          id?: string
          note?: string | null
          partner_id: string
          partner_split_percent: number
          property_id: string
          shared_by?: string | null
          updated_at?: string
        }
        Update: {
          created_at?: string
          id?: string
          note?: string | null
          partner_id?: string
          partner_split_percent?: number
          property_id?: string
          shared_by?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "partner_listing_shares_partner_id_fkey"
            columns: ["partner_id"]
            isOneToOne: false
            referencedRelation: "partners"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "partner_listing_shares_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      partner_members: {
        Row: {
          created_at: string
          email: string
          full_name: string
          id: string
          invited_at: string | null
          partner_id: string
          phone: string | null
          position: string | null
          updated_at: string
          user_id: string | null
        }
        Insert: {
          created_at?: string
          email: string
          full_name: string
          id?: string
          invited_at?: string | null
          partner_id: string
          phone?: string | null
          position?: string | null
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          created_at?: string
          email?: string
          full_name?: string
          id?: string
          invited_at?: string | null
          partner_id?: string
          phone?: string | null
          position?: string | null
          updated_at?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "partner_members_partner_id_fkey"
            columns: ["partner_id"]
            isOneToOne: false
            referencedRelation: "partners"
            referencedColumns: ["id"]
          },
        ]
      }
      partner_messages: {
        Row: {
          author_id: string | null
          body: string
          created_at: string
          from_partner: boolean
          id: string
          partner_id: string
          read_at: string | null
          updated_at: string
        }
        Insert: {
          author_id?: string | null
          body: string
          created_at?: string
          from_partner: boolean
          id?: string
          partner_id: string
          read_at?: string | null
          updated_at?: string
        }
        Update: {
          author_id?: string | null
          body?: string
          created_at?: string
          from_partner?: boolean
          id?: string
          partner_id?: string
          read_at?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "partner_messages_partner_id_fkey"
            columns: ["partner_id"]
            isOneToOne: false
            referencedRelation: "partners"
            referencedColumns: ["id"]
          },
        ]
      }
      partners: {
        Row: {
          address: string | null
          city: string | null
          commission_terms: string | null
          created_at: string
          default_split_percent: number
          email: string | null
          id: string
          kind: string
          licence_expires_on: string | null
          name: string
          owner_id: string | null
          phone: string | null
          reac_licence_number: string
          search_text: string | null
          status: string
          updated_at: string
        }
        Insert: {
          address?: string | null
          city?: string | null
          commission_terms?: string | null
          created_at?: string
          default_split_percent?: number
          email?: string | null
          id?: string
          kind?: string
          licence_expires_on?: string | null
          name: string
          owner_id?: string | null
          phone?: string | null
          reac_licence_number: string
          search_text?: never
          status?: string
          updated_at?: string
        }
        Update: {
          address?: string | null
          city?: string | null
          commission_terms?: string | null
          created_at?: string
          default_split_percent?: number
          email?: string | null
          id?: string
          kind?: string
          licence_expires_on?: string | null
          name?: string
          owner_id?: string | null
          phone?: string | null
          reac_licence_number?: string
          search_text?: never
          status?: string
          updated_at?: string
        }
        Relationships: []
      }
      payment_allocations: {
        Row: {
          amount: number
          created_at: string
          id: string
          invoice_id: string
          payment_id: string
          updated_at: string
        }
        Insert: {
          amount: number
          created_at?: string
          id?: string
          invoice_id: string
          payment_id: string
          updated_at?: string
        }
        Update: {
          amount?: number
          created_at?: string
          id?: string
          invoice_id?: string
          payment_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "payment_allocations_invoice_id_fkey"
            columns: ["invoice_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payment_allocations_payment_id_fkey"
            columns: ["payment_id"]
            isOneToOne: false
            referencedRelation: "payments"
            referencedColumns: ["id"]
          },
        ]
      }
      payment_webhook_events: {
        Row: {
          created_at: string
          event: string
          event_key: string
          id: string
          outcome: string | null
          provider: string
          reference: string | null
          updated_at: string
        }
        Insert: {
          created_at?: string
          event: string
          event_key: string
          id?: string
          outcome?: string | null
          provider: string
          reference?: string | null
          updated_at?: string
        }
        Update: {
          created_at?: string
          event?: string
          event_key?: string
          id?: string
          outcome?: string | null
          provider?: string
          reference?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      payments: {
        Row: {
          account_id: string | null
          amount: number
          assignee_id: string | null
          client_key: string
          created_at: string
          currency: string
          exchange_rate: number
          gateway: string | null
          gateway_reference: string | null
          id: string
          kind: string
          method: string
          momo_network: string | null
          notes: string | null
          number: string
          owner_id: string | null
          paid_on: string
          payer_email: string | null
          payer_name: string
          recorded_by: string | null
          reference: string | null
          refund_of: string | null
          refund_reason: string | null
          search_text: string | null
          updated_at: string
        }
        Insert: {
          account_id?: string | null
          amount: number
          assignee_id?: string | null
          client_key: string
          created_at?: string
          currency: string
          exchange_rate?: number
          gateway?: string | null
          gateway_reference?: string | null
          id?: string
          kind?: string
          method: string
          momo_network?: string | null
          notes?: string | null
          number: string
          owner_id?: string | null
          paid_on: string
          payer_email?: string | null
          payer_name: string
          recorded_by?: string | null
          reference?: string | null
          refund_of?: string | null
          refund_reason?: string | null
          search_text?: never
          updated_at?: string
        }
        Update: {
          account_id?: string | null
          amount?: number
          assignee_id?: string | null
          client_key?: string
          created_at?: string
          currency?: string
          exchange_rate?: number
          gateway?: string | null
          gateway_reference?: string | null
          id?: string
          kind?: string
          method?: string
          momo_network?: string | null
          notes?: string | null
          number?: string
          owner_id?: string | null
          paid_on?: string
          payer_email?: string | null
          payer_name?: string
          recorded_by?: string | null
          reference?: string | null
          refund_of?: string | null
          refund_reason?: string | null
          search_text?: never
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "payments_account_id_fkey"
            columns: ["account_id"]
            isOneToOne: false
            referencedRelation: "finance_accounts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payments_refund_of_fkey"
            columns: ["refund_of"]
            isOneToOne: false
            referencedRelation: "payments"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          avatar_url: string | null
          branch_id: string | null
          created_at: string
          deactivated_at: string | null
          email: string | null
          first_name: string | null
          last_name: string | null
          phone: string | null
          role: string | null
          signed_out_at: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          avatar_url?: string | null
          branch_id?: string | null
          created_at?: string
          deactivated_at?: string | null
          email?: string | null
          first_name?: string | null
          last_name?: string | null
          phone?: string | null
          role?: string | null
          signed_out_at?: string | null
          updated_at?: string
          user_id: string
        }
        Update: {
          avatar_url?: string | null
          branch_id?: string | null
          created_at?: string
          deactivated_at?: string | null
          email?: string | null
          first_name?: string | null
          last_name?: string | null
          phone?: string | null
          role?: string | null
          signed_out_at?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "profiles_branch_id_fkey"
            columns: ["branch_id"]
            isOneToOne: false
            referencedRelation: "branches"
            referencedColumns: ["id"]
          },
        ]
      }
      properties: {
        Row: {
          address: string | null
          agent_id: string | null
          assignee_id: string | null
          bathrooms: number | null
          bedrooms: number | null
          city: string
          created_at: string
          created_by: string | null
          currency: string
          description: string | null
          featured: boolean
          features: string[]
          floor_area_sqm: number | null
          furnishing: string | null
          ghana_post_gps: string | null
          has_boys_quarters: boolean
          id: string
          is_gated: boolean
          is_serviced: boolean
          land_size_sqm: number | null
          latitude: number | null
          lease_years_remaining: number | null
          listing_type: string
          longitude: number | null
          mandate_expires_on: string | null
          neighbourhood: string | null
          owner_id: string | null
          plots: number | null
          price: number | null
          price_on_request: boolean
          property_type: string
          public_since: string | null
          published_at: string | null
          region: string | null
          rent_advance_months: number | null
          rent_period: string | null
          search_text: string | null
          seo_description: string | null
          seo_title: string | null
          slug: string
          status: string
          tenure: string | null
          title: string
          title_type: string | null
          title_verified_at: string | null
          updated_at: string
        }
        Insert: {
          address?: string | null
          agent_id?: string | null
          assignee_id?: string | null
          bathrooms?: number | null
          bedrooms?: number | null
          city: string
          created_at?: string
          created_by?: string | null
          currency?: string
          description?: string | null
          featured?: boolean
          features?: string[]
          floor_area_sqm?: number | null
          furnishing?: string | null
          ghana_post_gps?: string | null
          has_boys_quarters?: boolean
          id?: string
          is_gated?: boolean
          is_serviced?: boolean
          land_size_sqm?: number | null
          latitude?: number | null
          lease_years_remaining?: number | null
          listing_type: string
          longitude?: number | null
          mandate_expires_on?: string | null
          neighbourhood?: string | null
          owner_id?: string | null
          plots?: number | null
          price?: number | null
          price_on_request?: boolean
          property_type: string
          public_since?: never
          published_at?: string | null
          region?: string | null
          rent_advance_months?: number | null
          rent_period?: string | null
          search_text?: never
          seo_description?: string | null
          seo_title?: string | null
          slug: string
          status?: string
          tenure?: string | null
          title: string
          title_type?: string | null
          title_verified_at?: string | null
          updated_at?: string
        }
        Update: {
          address?: string | null
          agent_id?: string | null
          assignee_id?: string | null
          bathrooms?: number | null
          bedrooms?: number | null
          city?: string
          created_at?: string
          created_by?: string | null
          currency?: string
          description?: string | null
          featured?: boolean
          features?: string[]
          floor_area_sqm?: number | null
          furnishing?: string | null
          ghana_post_gps?: string | null
          has_boys_quarters?: boolean
          id?: string
          is_gated?: boolean
          is_serviced?: boolean
          land_size_sqm?: number | null
          latitude?: number | null
          lease_years_remaining?: number | null
          listing_type?: string
          longitude?: number | null
          mandate_expires_on?: string | null
          neighbourhood?: string | null
          owner_id?: string | null
          plots?: number | null
          price?: number | null
          price_on_request?: boolean
          property_type?: string
          public_since?: never
          published_at?: string | null
          region?: string | null
          rent_advance_months?: number | null
          rent_period?: string | null
          search_text?: never
          seo_description?: string | null
          seo_title?: string | null
          slug?: string
          status?: string
          tenure?: string | null
          title?: string
          title_type?: string | null
          title_verified_at?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      property_documents: {
        Row: {
          created_at: string
          file_name: string
          id: string
          kind: string
          mime_type: string
          property_id: string
          size_bytes: number
          storage_path: string
          title: string
          updated_at: string
          uploaded_by: string | null
        }
        Insert: {
          created_at?: string
          file_name: string
          id?: string
          kind: string
          mime_type: string
          property_id: string
          size_bytes: number
          storage_path: string
          title: string
          updated_at?: string
          uploaded_by?: string | null
        }
        Update: {
          created_at?: string
          file_name?: string
          id?: string
          kind?: string
          mime_type?: string
          property_id?: string
          size_bytes?: number
          storage_path?: string
          title?: string
          updated_at?: string
          uploaded_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "property_documents_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      property_hunt_inspections: {
        Row: {
          condition: string | null
          created_at: string
          hunt_id: string
          id: string
          inspected_by: string | null
          inspected_on: string
          notes: string
          updated_at: string
        }
        Insert: {
          condition?: string | null
          created_at?: string
          hunt_id: string
          id?: string
          inspected_by?: string | null
          inspected_on?: string
          notes: string
          updated_at?: string
        }
        Update: {
          condition?: string | null
          created_at?: string
          hunt_id?: string
          id?: string
          inspected_by?: string | null
          inspected_on?: string
          notes?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "property_hunt_inspections_hunt_id_fkey"
            columns: ["hunt_id"]
            isOneToOne: false
            referencedRelation: "property_hunts"
            referencedColumns: ["id"]
          },
        ]
      }
      property_hunt_photos: {
        Row: {
          caption: string | null
          created_at: string
          height: number | null
          hunt_id: string
          id: string
          inspection_id: string | null
          position: number
          storage_path: string
          updated_at: string
          uploaded_by: string | null
          width: number | null
        }
        Insert: {
          caption?: string | null
          created_at?: string
          height?: number | null
          hunt_id: string
          id?: string
          inspection_id?: string | null
          position?: number
          storage_path: string
          updated_at?: string
          uploaded_by?: string | null
          width?: number | null
        }
        Update: {
          caption?: string | null
          created_at?: string
          height?: number | null
          hunt_id?: string
          id?: string
          inspection_id?: string | null
          position?: number
          storage_path?: string
          updated_at?: string
          uploaded_by?: string | null
          width?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "property_hunt_photos_hunt_id_fkey"
            columns: ["hunt_id"]
            isOneToOne: false
            referencedRelation: "property_hunts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_hunt_photos_inspection_id_fkey"
            columns: ["inspection_id"]
            isOneToOne: false
            referencedRelation: "property_hunt_inspections"
            referencedColumns: ["id"]
          },
        ]
      }
      property_hunts: {
        Row: {
          acquired_at: string | null
          address: string | null
          asking_price: number | null
          assignee_id: string | null
          bathrooms: number | null
          bedrooms: number | null
          city: string
          created_at: string
          currency: string
          ghana_post_gps: string | null
          id: string
          land_size_sqm: number | null
          latitude: number | null
          lease_years_remaining: number | null
          listing_type: string
          longitude: number | null
          neighbourhood: string | null
          notes: string | null
          offer_amount: number | null
          offered_at: string | null
          owner_contact_id: string | null
          owner_id: string | null
          owner_name: string | null
          owner_phone: string | null
          plots: number | null
          property_id: string | null
          property_type: string
          region: string | null
          rejection_note: string | null
          rejection_reason: string | null
          rent_period: string | null
          request_id: string | null
          search_text: string | null
          source: string | null
          stage: string
          stage_changed_at: string
          tenure: string | null
          title: string
          updated_at: string
        }
        Insert: {
          acquired_at?: string | null
          address?: string | null
          asking_price?: number | null
          assignee_id?: string | null
          bathrooms?: number | null
          bedrooms?: number | null
          city: string
          created_at?: string
          currency?: string
          ghana_post_gps?: string | null
          id?: string
          land_size_sqm?: number | null
          latitude?: number | null
          lease_years_remaining?: number | null
          listing_type?: string
          longitude?: number | null
          neighbourhood?: string | null
          notes?: string | null
          offer_amount?: number | null
          offered_at?: string | null
          owner_contact_id?: string | null
          owner_id?: string | null
          owner_name?: string | null
          owner_phone?: string | null
          plots?: number | null
          property_id?: string | null
          property_type?: string
          region?: string | null
          rejection_note?: string | null
          rejection_reason?: string | null
          rent_period?: string | null
          request_id?: string | null
          search_text?: never
          source?: string | null
          stage?: string
          stage_changed_at?: string
          tenure?: string | null
          title: string
          updated_at?: string
        }
        Update: {
          acquired_at?: string | null
          address?: string | null
          asking_price?: number | null
          assignee_id?: string | null
          bathrooms?: number | null
          bedrooms?: number | null
          city?: string
          created_at?: string
          currency?: string
          ghana_post_gps?: string | null
          id?: string
          land_size_sqm?: number | null
          latitude?: number | null
          lease_years_remaining?: number | null
          listing_type?: string
          longitude?: number | null
          neighbourhood?: string | null
          notes?: string | null
          offer_amount?: number | null
          offered_at?: string | null
          owner_contact_id?: string | null
          owner_id?: string | null
          owner_name?: string | null
          owner_phone?: string | null
          plots?: number | null
          property_id?: string | null
          property_type?: string
          region?: string | null
          rejection_note?: string | null
          rejection_reason?: string | null
          rent_period?: string | null
          request_id?: string | null
          search_text?: never
          source?: string | null
          stage?: string
          stage_changed_at?: string
          tenure?: string | null
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "property_hunts_owner_contact_id_fkey"
            columns: ["owner_contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_hunts_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: true
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_hunts_request_id_fkey"
            columns: ["request_id"]
            isOneToOne: false
            referencedRelation: "property_requests"
            referencedColumns: ["id"]
          },
        ]
      }
      property_images: {
        Row: {
          alt_text: string | null
          created_at: string
          height: number | null
          id: string
          position: number
          property_id: string
          storage_path: string
          updated_at: string
          width: number | null
        }
        Insert: {
          alt_text?: string | null
          created_at?: string
          height?: number | null
          id?: string
          position?: number
          property_id: string
          storage_path: string
          updated_at?: string
          width?: number | null
        }
        Update: {
          alt_text?: string | null
          created_at?: string
          height?: number | null
          id?: string
          position?: number
          property_id?: string
          storage_path?: string
          updated_at?: string
          width?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "property_images_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      property_owner_contacts: {
        Row: {
          created_at: string
          email: string | null
          name: string | null
          notes: string | null
          phone: string | null
          property_id: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          email?: string | null
          name?: string | null
          notes?: string | null
          phone?: string | null
          property_id: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          email?: string | null
          name?: string | null
          notes?: string | null
          phone?: string | null
          property_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "property_owner_contacts_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: true
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      property_request_matches: {
        Row: {
          created_at: string
          emailed_at: string | null
          notified_at: string | null
          notified_price: number | null
          property_id: string
          reasons: string[]
          request_id: string
          score: number
          updated_at: string
        }
        Insert: {
          created_at?: string
          emailed_at?: string | null
          notified_at?: string | null
          notified_price?: number | null
          property_id: string
          reasons?: string[]
          request_id: string
          score: number
          updated_at?: string
        }
        Update: {
          created_at?: string
          emailed_at?: string | null
          notified_at?: string | null
          notified_price?: number | null
          property_id?: string
          reasons?: string[]
          request_id?: string
          score?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "property_request_matches_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_request_matches_request_id_fkey"
            columns: ["request_id"]
            isOneToOne: false
            referencedRelation: "property_requests"
            referencedColumns: ["id"]
          },
        ]
      }
      property_requests: {
        Row: {
          area_max_sqm: number | null
          area_min_sqm: number | null
          assignee_id: string | null
          bedrooms_max: number | null
          bedrooms_min: number | null
          budget_max: number
          budget_min: number | null
          consent_at: string
          contact_id: string | null
          created_at: string
          currency: string
          deal_id: string | null
          email: string
          full_name: string
          id: string
          last_reply_at: string | null
          listing_type: string
          location_keys: string[] | null
          locations: string[]
          move_in_date: string | null
          notes: string | null
          phone: string
          property_type: string
          property_types: string[]
          search_text: string | null
          source_host: string | null
          status: string
          timeline: string
          updated_at: string
          user_agent: string | null
        }
        Insert: {
          area_max_sqm?: number | null
          area_min_sqm?: number | null
          assignee_id?: string | null
          bedrooms_max?: number | null
          bedrooms_min?: number | null
          budget_max: number
          budget_min?: number | null
          consent_at: string
          contact_id?: string | null
          created_at?: string
          currency?: string
          deal_id?: string | null
          email: string
          full_name: string
          id?: string
          last_reply_at?: string | null
          listing_type: string
          location_keys?: never
          locations: string[]
          move_in_date?: string | null
          notes?: string | null
          phone: string
          property_type: string
          property_types?: string[]
          search_text?: never
          source_host?: string | null
          status?: string
          timeline: string
          updated_at?: string
          user_agent?: string | null
        }
        Update: {
          area_max_sqm?: number | null
          area_min_sqm?: number | null
          assignee_id?: string | null
          bedrooms_max?: number | null
          bedrooms_min?: number | null
          budget_max?: number
          budget_min?: number | null
          consent_at?: string
          contact_id?: string | null
          created_at?: string
          currency?: string
          deal_id?: string | null
          email?: string
          full_name?: string
          id?: string
          last_reply_at?: string | null
          listing_type?: string
          location_keys?: never
          locations?: string[]
          move_in_date?: string | null
          notes?: string | null
          phone?: string
          property_type?: string
          property_types?: string[]
          search_text?: never
          source_host?: string | null
          status?: string
          timeline?: string
          updated_at?: string
          user_agent?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "property_requests_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_requests_deal_id_fkey"
            columns: ["deal_id"]
            isOneToOne: false
            referencedRelation: "deals"
            referencedColumns: ["id"]
          },
        ]
      }
      property_slug_redirects: {
        Row: {
          created_at: string
          old_slug: string
          property_id: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          old_slug: string
          property_id: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          old_slug?: string
          property_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "property_slug_redirects_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      public_holidays: {
        Row: {
          created_at: string
          holiday_date: string
          name: string
          note: string | null
          updated_at: string
        }
        Insert: {
          created_at?: string
          holiday_date: string
          name: string
          note?: string | null
          updated_at?: string
        }
        Update: {
          created_at?: string
          holiday_date?: string
          name?: string
          note?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      saved_view_defaults: {
        Row: {
          list_key: string
          updated_at: string
          user_id: string
          view_id: string
        }
        Insert: {
          list_key: string
          updated_at?: string
          user_id?: string
          view_id: string
        }
        Update: {
          list_key?: string
          updated_at?: string
          user_id?: string
          view_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "saved_view_defaults_view_id_fkey"
            columns: ["view_id"]
            isOneToOne: false
            referencedRelation: "saved_views"
            referencedColumns: ["id"]
          },
        ]
      }
      saved_views: {
        Row: {
          created_at: string
          id: string
          list_key: string
          name: string
          owner_id: string
          shared: boolean
          state: NonNullable<Json>
          updated_at: string
        }
        Insert: {
          created_at?: string
          id?: string
          list_key: string
          name: string
          owner_id?: string
          shared?: boolean
          state: NonNullable<Json>
          updated_at?: string
        }
        Update: {
          created_at?: string
          id?: string
          list_key?: string
          name?: string
          owner_id?: string
          shared?: boolean
          state?: NonNullable<Json>
          updated_at?: string
        }
        Relationships: []
      }
      staff_time_off: {
        Row: {
          created_at: string
          ends_at: string
          id: string
          reason: string | null
          starts_at: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          ends_at: string
          id?: string
          reason?: string | null
          starts_at: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          ends_at?: string
          id?: string
          reason?: string | null
          starts_at?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      staff_working_hours: {
        Row: {
          created_at: string
          end_time: string
          id: string
          start_time: string
          updated_at: string
          user_id: string
          weekday: number
        }
        Insert: {
          created_at?: string
          end_time: string
          id?: string
          start_time: string
          updated_at?: string
          user_id?: string
          weekday: number
        }
        Update: {
          created_at?: string
          end_time?: string
          id?: string
          start_time?: string
          updated_at?: string
          user_id?: string
          weekday?: number
        }
        Relationships: []
      }
      tasks: {
        Row: {
          assignee_id: string | null
          completed_at: string | null
          contact_id: string | null
          created_at: string
          deal_id: string | null
          description: string | null
          due_at: string | null
          id: string
          is_closed: boolean | null
          origin: string | null
          origin_id: string | null
          owner_id: string | null
          previous_id: string | null
          priority: string
          priority_rank: number | null
          property_id: string | null
          recurrence: string
          remind_at: string | null
          reminded_at: string | null
          search_text: string | null
          status: string
          title: string
          updated_at: string
        }
        Insert: {
          assignee_id?: string | null
          completed_at?: string | null
          contact_id?: string | null
          created_at?: string
          deal_id?: string | null
          description?: string | null
          due_at?: string | null
          id?: string
          is_closed?: never
          origin?: string | null
          origin_id?: string | null
          owner_id?: string | null
          previous_id?: string | null
          priority?: string
          priority_rank?: never
          property_id?: string | null
          recurrence?: string
          remind_at?: string | null
          reminded_at?: string | null
          search_text?: never
          status?: string
          title: string
          updated_at?: string
        }
        Update: {
          assignee_id?: string | null
          completed_at?: string | null
          contact_id?: string | null
          created_at?: string
          deal_id?: string | null
          description?: string | null
          due_at?: string | null
          id?: string
          is_closed?: never
          origin?: string | null
          origin_id?: string | null
          owner_id?: string | null
          previous_id?: string | null
          priority?: string
          priority_rank?: never
          property_id?: string | null
          recurrence?: string
          remind_at?: string | null
          reminded_at?: string | null
          search_text?: never
          status?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "tasks_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tasks_deal_id_fkey"
            columns: ["deal_id"]
            isOneToOne: false
            referencedRelation: "deals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tasks_previous_id_fkey"
            columns: ["previous_id"]
            isOneToOne: true
            referencedRelation: "tasks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tasks_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      tax_rates: {
        Row: {
          code: string
          created_at: string
          id: string
          name: string
          position: number
          rate: number
          tax_class: string
          updated_at: string
          valid_from: string
          valid_to: string | null
        }
        Insert: {
          code: string
          created_at?: string
          id?: string
          name: string
          position?: number
          rate: number
          tax_class: string
          updated_at?: string
          valid_from: string
          valid_to?: string | null
        }
        Update: {
          code?: string
          created_at?: string
          id?: string
          name?: string
          position?: number
          rate?: number
          tax_class?: string
          updated_at?: string
          valid_from?: string
          valid_to?: string | null
        }
        Relationships: []
      }
      team_channels: {
        Row: {
          created_at: string
          created_by: string | null
          description: string | null
          id: string
          name: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          description?: string | null
          id: string
          name: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          description?: string | null
          id?: string
          name?: string
          updated_at?: string
        }
        Relationships: []
      }
      team_invitations: {
        Row: {
          accepted_at: string | null
          branch_id: string | null
          created_at: string
          email: string
          expires_at: string
          id: string
          invited_by: string | null
          revoked_at: string | null
          role: string
          token_hash: string
          updated_at: string
          user_id: string
        }
        Insert: {
          accepted_at?: string | null
          branch_id?: string | null
          created_at?: string
          email: string
          expires_at: string
          id?: string
          invited_by?: string | null
          revoked_at?: string | null
          role: string
          token_hash: string
          updated_at?: string
          user_id: string
        }
        Update: {
          accepted_at?: string | null
          branch_id?: string | null
          created_at?: string
          email?: string
          expires_at?: string
          id?: string
          invited_by?: string | null
          revoked_at?: string | null
          role?: string
          token_hash?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "team_invitations_branch_id_fkey"
            columns: ["branch_id"]
            isOneToOne: false
            referencedRelation: "branches"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "team_invitations_invited_by_fkey"
            columns: ["invited_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["user_id"]
          },
        ]
      }
      team_message_reads: {
        Row: {
          channel_id: string
          created_at: string
          last_read_at: string
          updated_at: string
          user_id: string
        }
        Insert: {
          channel_id: string
          created_at?: string
          last_read_at?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          channel_id?: string
          created_at?: string
          last_read_at?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "team_message_reads_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "team_channels"
            referencedColumns: ["id"]
          },
        ]
      }
      team_messages: {
        Row: {
          channel_id: string
          created_at: string
          id: string
          is_edited: boolean
          message: string
          reply_to_id: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          channel_id?: string
          created_at?: string
          id?: string
          is_edited?: boolean
          message: string
          reply_to_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          channel_id?: string
          created_at?: string
          id?: string
          is_edited?: boolean
          message?: string
          reply_to_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "team_messages_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "team_channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "team_messages_reply_to_id_fkey"
            columns: ["reply_to_id"]
            isOneToOne: false
            referencedRelation: "team_messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "team_messages_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["user_id"]
          },
        ]
      }
      title_checks: {
        Row: {
          checked_by: string | null
          checked_on: string | null
          created_at: string
          document_name: string | null
          document_path: string | null
          document_size: number | null
          document_type: string | null
          file_id: string
          id: string
          item: string
          lease_years_left: number | null
          notes: string | null
          reference: string | null
          status: string
          updated_at: string
          verified_at: string | null
          verified_by: string | null
        }
        Insert: {
          checked_by?: string | null
          checked_on?: string | null
          created_at?: string
          document_name?: string | null
          document_path?: string | null
          document_size?: number | null
          document_type?: string | null
          file_id: string
          id?: string
          item: string
          lease_years_left?: number | null
          notes?: string | null
          reference?: string | null
          status?: string
          updated_at?: string
          verified_at?: string | null
          verified_by?: string | null
        }
        Update: {
          checked_by?: string | null
          checked_on?: string | null
          created_at?: string
          document_name?: string | null
          document_path?: string | null
          document_size?: number | null
          document_type?: string | null
          file_id?: string
          id?: string
          item?: string
          lease_years_left?: number | null
          notes?: string | null
          reference?: string | null
          status?: string
          updated_at?: string
          verified_at?: string | null
          verified_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "title_checks_file_id_fkey"
            columns: ["file_id"]
            isOneToOne: false
            referencedRelation: "title_files"
            referencedColumns: ["id"]
          },
        ]
      }
      title_files: {
        Row: {
          created_at: string
          created_by: string | null
          for_non_citizen: boolean
          hunt_id: string | null
          id: string
          land_source: string | null
          property_id: string | null
          tenure: string | null
          title_type: string | null
          updated_at: string
          verified_at: string | null
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          for_non_citizen?: boolean
          hunt_id?: string | null
          id?: string
          land_source?: string | null
          property_id?: string | null
          tenure?: string | null
          title_type?: string | null
          updated_at?: string
          verified_at?: string | null
        }
        Update: {
          created_at?: string
          created_by?: string | null
          for_non_citizen?: boolean
          hunt_id?: string | null
          id?: string
          land_source?: string | null
          property_id?: string | null
          tenure?: string | null
          title_type?: string | null
          updated_at?: string
          verified_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "title_files_hunt_id_fkey"
            columns: ["hunt_id"]
            isOneToOne: true
            referencedRelation: "property_hunts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "title_files_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: true
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      todos: {
        Row: {
          created_at: string
          done: boolean
          done_at: string | null
          id: string
          position: number
          title: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          done?: boolean
          done_at?: string | null
          id?: string
          position?: number
          title: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          done?: boolean
          done_at?: string | null
          id?: string
          position?: number
          title?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      user_settings: {
        Row: {
          created_at: string
          currency: string
          date_format: string
          email_clients: boolean
          email_deals: boolean
          email_marketing: boolean
          language: string
          push_clients: boolean
          push_deals: boolean
          push_marketing: boolean
          push_team_messages: boolean
          sms_reminders: boolean
          time_format: string
          timezone: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          currency?: string
          date_format?: string
          email_clients?: boolean
          email_deals?: boolean
          email_marketing?: boolean
          language?: string
          push_clients?: boolean
          push_deals?: boolean
          push_marketing?: boolean
          push_team_messages?: boolean
          sms_reminders?: boolean
          time_format?: string
          timezone?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          currency?: string
          date_format?: string
          email_clients?: boolean
          email_deals?: boolean
          email_marketing?: boolean
          language?: string
          push_clients?: boolean
          push_deals?: boolean
          push_marketing?: boolean
          push_team_messages?: boolean
          sms_reminders?: boolean
          time_format?: string
          timezone?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      whatsapp_messages: {
        Row: {
          attempts: number
          body: string
          contact_id: string | null
          created_at: string
          created_by: string | null
          dedup_key: string | null
          delivered_at: string | null
          direction: string
          error: string | null
          failed_at: string | null
          id: string
          language: string | null
          lease_until: string | null
          not_before: string
          parameters: NonNullable<Json>
          phone: string
          purpose: string | null
          read_at: string | null
          run_id: string | null
          sent_at: string | null
          status: string
          template: string | null
          updated_at: string
          wa_message_id: string | null
        }
        Insert: {
          attempts?: number
          body: string
          contact_id?: string | null
          created_at?: string
          created_by?: string | null
          dedup_key?: string | null
          delivered_at?: string | null
          direction: string
          error?: string | null
          failed_at?: string | null
          id?: string
          language?: string | null
          lease_until?: string | null
          not_before?: string
          parameters?: NonNullable<Json>
          phone: string
          purpose?: string | null
          read_at?: string | null
          run_id?: string | null
          sent_at?: string | null
          status?: string
          template?: string | null
          updated_at?: string
          wa_message_id?: string | null
        }
        Update: {
          attempts?: number
          body?: string
          contact_id?: string | null
          created_at?: string
          created_by?: string | null
          dedup_key?: string | null
          delivered_at?: string | null
          direction?: string
          error?: string | null
          failed_at?: string | null
          id?: string
          language?: string | null
          lease_until?: string | null
          not_before?: string
          parameters?: NonNullable<Json>
          phone?: string
          purpose?: string | null
          read_at?: string | null
          run_id?: string | null
          sent_at?: string | null
          status?: string
          template?: string | null
          updated_at?: string
          wa_message_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "whatsapp_messages_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "whatsapp_messages_run_id_fkey"
            columns: ["run_id"]
            isOneToOne: false
            referencedRelation: "action_plan_runs"
            referencedColumns: ["id"]
          },
        ]
      }
      whatsapp_templates: {
        Row: {
          body: string
          category: string
          created_at: string
          description: string | null
          id: string
          is_active: boolean
          language: string
          name: string
          param_count: number
          updated_at: string
        }
        Insert: {
          body: string
          category: string
          created_at?: string
          description?: string | null
          id?: string
          is_active?: boolean
          language?: string
          name: string
          param_count?: number
          updated_at?: string
        }
        Update: {
          body?: string
          category?: string
          created_at?: string
          description?: string | null
          id?: string
          is_active?: boolean
          language?: string
          name?: string
          param_count?: number
          updated_at?: string
        }
        Relationships: []
      }
    }
    Views: {
      client_credit_balances: {
        Row: {
          client_key: string | null
          credit: number | null
          currency: string | null
          payer_name: string | null
        }
        Relationships: []
      }
    }
    Functions: {
      acquire_property_hunt: {
        Args: { hunt: string; listing_id: string; photo_paths?: string[] }
        Returns: string
      }
      action_plan_figures: {
        Args: { plan_id: string }
        Returns: {
          active: number
          completed: number
          paused: number
          replied: number
          stopped: number
          total: number
        }[]
      }
      add_deal_stage: {
        Args: { name: string; pipeline_id: string; probability: number }
        Returns: {
          created_at: string
          id: string
          is_archived: boolean
          key: string
          name: string
          outcome: string
          pipeline_id: string
          position: number
          probability: number
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "deal_stages"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      allocate_payment: {
        Args: { amount: number; invoice_id: string; payment_id: string }
        Returns: undefined
      }
      anonymise_contact: {
        Args: { contact_id: string; reason: string }
        Returns: {
          address: string | null
          alt_email: string | null
          alt_phone: string | null
          anonymised_at: string | null
          anonymised_by: string | null
          assignee_id: string | null
          city: string | null
          company_id: string | null
          company_name: string | null
          consent_at: string | null
          consent_note: string | null
          consent_source: string | null
          consent_status: string
          created_at: string
          display_name: string | null
          email: string | null
          first_name: string | null
          ghana_post_gps: string | null
          id: string
          industry: string | null
          job_title: string | null
          kind: string
          last_activity_at: string | null
          last_name: string | null
          marketing_consent: boolean
          marketing_consent_at: string | null
          neighbourhood: string | null
          notes: string | null
          owner_id: string | null
          phone: string | null
          phone_network: string | null
          search_text: string | null
          source: string | null
          stage: string
          tags: string[]
          tin: string | null
          type: string
          updated_at: string
          website: string | null
          whatsapp_opt_in: boolean
          whatsapp_opt_in_at: string | null
          whatsapp_opt_in_source: string | null
        }
        SetofOptions: {
          from: "*"
          to: "contacts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      apply_action_plan: {
        Args: { contact_ids: string[]; deal_id?: string; plan_id: string }
        Returns: Json
      }
      attach_online_payment_checkout: {
        Args: {
          access_code: string
          authorization_url: string
          reference: string
        }
        Returns: undefined
      }
      attach_partner_user: {
        Args: { account: string; member: string }
        Returns: undefined
      }
      available_slots: {
        Args: {
          days?: number
          from_date?: string
          kind: string
          property?: string
          service?: string
        }
        Returns: {
          ends_at: string
          starts_at: string
        }[]
      }
      book_appointment: { Args: { fields: Json; kind: string }; Returns: Json }
      bulk_change_contacts: {
        Args: { change: Json; filter?: Json; ids?: string[] }
        Returns: Json
      }
      bulk_change_tasks: {
        Args: { change: Json; filter?: Json; ids?: string[] }
        Returns: Json
      }
      bulk_undo: { Args: { previous: Json; target: string }; Returns: Json }
      calendar_entries: {
        Args: { agent?: string; from_at: string; to_at: string }
        Returns: {
          agent_id: string
          all_day: boolean
          ends_at: string
          id: string
          kind: string
          listing_id: string
          listing_title: string
          location: string
          person: string
          source: string
          starts_at: string
          status: string
          title: string
        }[]
      }
      calendar_feed_events: { Args: { feed_token_hash: string }; Returns: Json }
      cancel_appointment_by_visitor: {
        Args: { inbox: string; link_nonce: string; record_id: string }
        Returns: Json
      }
      cancel_campaign_schedule: {
        Args: { campaign: string }
        Returns: undefined
      }
      claim_action_plan_runs: {
        Args: { batch_size?: number; lease_seconds?: number }
        Returns: Json
      }
      claim_appointment_notices: {
        Args: { batch_size?: number; lease_seconds?: number }
        Returns: {
          appointment: Json
          attempts: number
          kind: string
          notice_id: string
          record_table: string
        }[]
      }
      claim_outgoing_emails: {
        Args: { batch_size?: number; lease_seconds?: number }
        Returns: {
          attachments: NonNullable<Json>
          attempts: number
          created_at: string
          dedup_key: string | null
          headers: NonNullable<Json>
          html: string
          id: string
          kind: string
          last_error: string | null
          lease_until: string | null
          not_before: string
          notification_id: string | null
          record_id: string | null
          record_table: string | null
          sent_at: string | null
          status: string
          subject: string
          text_body: string | null
          to_address: string
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "outgoing_emails"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      claim_whatsapp_messages: {
        Args: { batch_size?: number; lease_seconds?: number }
        Returns: {
          attempts: number
          id: string
          language: string
          parameters: Json
          phone: string
          template: string
        }[]
      }
      complete_action_plan_step: {
        Args: { claim_token: string; outcome: Json; run_id: string }
        Returns: string
      }
      complete_appointment_notice: {
        Args: { error?: string; mail?: Json; notice_id: string }
        Returns: string
      }
      complete_online_payment: {
        Args: {
          amount_minor: number
          channel: string
          currency: string
          gateway_response?: string
          momo_network?: string
          paid_at: string
          provider_transaction_id: string
          reference: string
        }
        Returns: Json
      }
      complete_outgoing_email: {
        Args: {
          claimed_attempt?: number
          delivered: boolean
          email_id: string
          error?: string
          permanent?: boolean
          retry_after_seconds?: number
        }
        Returns: string
      }
      complete_outgoing_emails: {
        Args: { results: Json }
        Returns: {
          id: string
          status: string
        }[]
      }
      complete_whatsapp_messages: {
        Args: { results: Json }
        Returns: {
          id: string
          status: string
        }[]
      }
      contact_duplicates: {
        Args: { email?: string; phone?: string }
        Returns: {
          address: string | null
          alt_email: string | null
          alt_phone: string | null
          anonymised_at: string | null
          anonymised_by: string | null
          assignee_id: string | null
          city: string | null
          company_id: string | null
          company_name: string | null
          consent_at: string | null
          consent_note: string | null
          consent_source: string | null
          consent_status: string
          created_at: string
          display_name: string | null
          email: string | null
          first_name: string | null
          ghana_post_gps: string | null
          id: string
          industry: string | null
          job_title: string | null
          kind: string
          last_activity_at: string | null
          last_name: string | null
          marketing_consent: boolean
          marketing_consent_at: string | null
          neighbourhood: string | null
          notes: string | null
          owner_id: string | null
          phone: string | null
          phone_network: string | null
          search_text: string | null
          source: string | null
          stage: string
          tags: string[]
          tin: string | null
          type: string
          updated_at: string
          website: string | null
          whatsapp_opt_in: boolean
          whatsapp_opt_in_at: string | null
          whatsapp_opt_in_source: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "contacts"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      contact_duplicates_batch: {
        Args: { emails: string[]; phones: string[] }
        Returns: {
          display_name: string
          email: string
          id: string
          matched_on: string
          owner_id: string
          phone: string
          row_index: number
        }[]
      }
      contact_linked_records: {
        Args: { contact_id: string }
        Returns: {
          column_name: string
          created_at: string
          label: string
          record_id: string
          status: string
          table_name: string
        }[]
      }
      contact_timeline: {
        Args: { before?: string; contact_id: string; max_rows?: number }
        Returns: {
          actor_id: string
          body: string
          details: Json
          direction: string
          id: string
          kind: string
          occurred_at: string
          record_id: string
          record_table: string
          source: string
          summary: string
        }[]
      }
      convert_inbox_to_contact: {
        Args: { inbox: string; record_id: string }
        Returns: Json
      }
      convert_inbox_to_deal: {
        Args: { inbox: string; record_id: string }
        Returns: Json
      }
      convert_inbox_to_task: {
        Args: { inbox: string; record_id: string }
        Returns: Json
      }
      convert_quote: { Args: { quote_id: string }; Returns: string }
      create_calendar_feed: {
        Args: Record<PropertyKey, never>
        Returns: string
      }
      create_credit_note: {
        Args: { invoice_id: string; reason?: string }
        Returns: string
      }
      deactivate_member: {
        Args: { hand_to: string; member: string; seen_updated_at: string }
        Returns: {
          module: string
          moved: number
        }[]
      }
      deal_forecast: {
        Args: { owner_id?: string; pipeline_id?: string }
        Returns: {
          bucket: string
          deals: number
          key: string
          label: string
          sort_order: number
          value_ghs: number
          weighted_ghs: number
        }[]
      }
      email_campaign_figures: {
        Args: { campaign: string }
        Returns: {
          bounced: number
          clicked: number
          failed: number
          pending: number
          recipients: number
          sent: number
          unsubscribed: number
        }[]
      }
      email_list_audience_counts: {
        Args: { list: string }
        Returns: {
          reachable: number
          suppressed: number
        }[]
      }
      end_member_sessions: { Args: { member: string }; Returns: number }
      event_conflicts: {
        Args: {
          attendee_user_ids: string[]
          exclude_event?: string
          window_end: string
          window_start: string
        }
        Returns: {
          ends_at: string
          event_id: string
          starts_at: string
          title: string
          user_id: string
        }[]
      }
      export_contact: { Args: { contact_id: string }; Returns: Json }
      fail_online_payment: {
        Args: { gateway_response?: string; reference: string; status: string }
        Returns: undefined
      }
      file_objects_removed: { Args: { paths: string[] }; Returns: number }
      file_objects_to_remove: {
        Args: { max_rows: number }
        Returns: {
          since: string
          storage_path: string
        }[]
      }
      finance_category_totals: {
        Args: { from_date: string; to_date: string }
        Returns: {
          category: string
          category_id: string
          entries: number
          kind: string
          total: number
        }[]
      }
      finance_report: {
        Args: { from_date: string; grain?: string; to_date: string }
        Returns: {
          client_money_in: number
          client_money_out: number
          expenses: number
          income: number
          pending_entries: number
          period_start: string
          profit: number
          vat_collected: number
          vat_paid: number
        }[]
      }
      get_public_invoice: { Args: { invoice_id: string }; Returns: Json }
      get_public_receipt: { Args: { payment_id: string }; Returns: Json }
      goal_progress: {
        Args: { goal_id: string }
        Returns: {
          day: string
          value: number
        }[]
      }
      goal_values: {
        Args: { goal_ids: string[] }
        Returns: {
          goal_id: string
          value: number
        }[]
      }
      hand_over_records: {
        Args: { from_member: string; to_member: string }
        Returns: {
          module: string
          moved: number
        }[]
      }
      import_contacts: { Args: { rows: Json }; Returns: Json }
      inbox_new_counts: {
        Args: { since?: string }
        Returns: {
          inbox: string
          records: number
          unassigned: number
        }[]
      }
      inbox_reply_address: {
        Args: { inbox: string; record_id: string }
        Returns: {
          bounced_at: string
          to_address: string
        }[]
      }
      inbox_status_counts: {
        Args: { assignee?: string; inbox: string }
        Returns: {
          records: number
          status: string
        }[]
      }
      invoice_list_total: {
        Args: { currency?: string; kind?: string; statuses?: string[] }
        Returns: number
      }
      issue_invoice: { Args: { invoice_id: string }; Returns: string }
      listing_agent: {
        Args: { listing_slug: string }
        Returns: {
          avatar_url: string
          first_name: string
          last_name: string
          phone: string
        }[]
      }
      listing_status_counts: {
        Args: Record<PropertyKey, never>
        Returns: {
          listings: number
          status: string
        }[]
      }
      log_payment_webhook_event: {
        Args: {
          event: string
          event_key: string
          provider: string
          reference: string
        }
        Returns: boolean
      }
      mark_all_notifications_read: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      mark_partner_thread_read: { Args: { partner?: string }; Returns: number }
      mark_team_messages_as_read: {
        Args: { channel_id_param: string }
        Returns: undefined
      }
      match_properties_for_request: {
        Args: { request_id: string }
        Returns: {
          agent_id: string
          bedrooms: number
          city: string
          currency: string
          neighbourhood: string
          price: number
          property_id: string
          property_type: string
          reasons: string[]
          rent_period: string
          score: number
          slug: string
          status: string
          title: string
        }[]
      }
      match_requests_for_property: {
        Args: { property_id: string }
        Returns: {
          assignee_id: string
          budget_max: number
          created_at: string
          currency: string
          full_name: string
          listing_type: string
          reasons: string[]
          request_id: string
          score: number
          status: string
        }[]
      }
      merge_contacts: {
        Args: { keep_id: string; merge_id: string }
        Returns: {
          address: string | null
          alt_email: string | null
          alt_phone: string | null
          anonymised_at: string | null
          anonymised_by: string | null
          assignee_id: string | null
          city: string | null
          company_id: string | null
          company_name: string | null
          consent_at: string | null
          consent_note: string | null
          consent_source: string | null
          consent_status: string
          created_at: string
          display_name: string | null
          email: string | null
          first_name: string | null
          ghana_post_gps: string | null
          id: string
          industry: string | null
          job_title: string | null
          kind: string
          last_activity_at: string | null
          last_name: string | null
          marketing_consent: boolean
          marketing_consent_at: string | null
          neighbourhood: string | null
          notes: string | null
          owner_id: string | null
          phone: string | null
          phone_network: string | null
          search_text: string | null
          source: string | null
          stage: string
          tags: string[]
          tin: string | null
          type: string
          updated_at: string
          website: string | null
          whatsapp_opt_in: boolean
          whatsapp_opt_in_at: string | null
          whatsapp_opt_in_source: string | null
        }
        SetofOptions: {
          from: "*"
          to: "contacts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      my_overdue_task_count: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      my_sessions: {
        Args: Record<PropertyKey, never>
        Returns: {
          created_at: string
          current: boolean
          id: string
          ip: string
          last_active_at: string
          user_agent: string
        }[]
      }
      note_payment_webhook_outcome: {
        Args: { event_key: string; outcome: string }
        Returns: undefined
      }
      partner_shared_listings: {
        Args: { listing?: string }
        Returns: {
          bathrooms: number
          bedrooms: number
          city: string
          cover_path: string
          currency: string
          description: string
          features: string[]
          floor_area_sqm: number
          is_public: boolean
          land_size_sqm: number
          listing_type: string
          neighbourhood: string
          partner_split_percent: number
          plots: number
          price: number
          price_on_request: boolean
          property_id: string
          property_type: string
          region: string
          rent_period: string
          share_id: string
          share_note: string
          shared_at: string
          slug: string
          status: string
          tenure: string
          title: string
          title_verified_at: string
        }[]
      }
      payment_credit: { Args: { payment_id: string }; Returns: number }
      payment_list_total: {
        Args: { kind?: string; methods?: string[]; online?: boolean }
        Returns: number
      }
      post_redirect_slug: { Args: { old_slug: string }; Returns: string }
      process_listing_match_queue: {
        Args: { max_listings?: number }
        Returns: {
          notification_id: string
          property_id: string
          request_id: string
          user_id: string
        }[]
      }
      property_hunt_stage_counts: {
        Args: Record<PropertyKey, never>
        Returns: {
          hunts: number
          stage: string
        }[]
      }
      property_redirect_slug: { Args: { old_slug: string }; Returns: string }
      publish_due_posts: {
        Args: { max_rows?: number }
        Returns: {
          id: string
          slug: string
        }[]
      }
      purge_trashed_files: { Args: { file_ids: string[] }; Returns: number }
      queue_appointment_reminders: {
        Args: { due_before: string; max_rows?: number }
        Returns: number
      }
      queue_campaign: {
        Args: { campaign: string; site_origin: string }
        Returns: number
      }
      queue_campaign_batches: {
        Args: { max_rows: number }
        Returns: {
          campaign_id: string
          done: boolean
          queued: number
        }[]
      }
      queue_due_campaigns: {
        Args: { max_rows: number }
        Returns: {
          campaign_id: string
          queued: number
          reason: string
        }[]
      }
      queue_invoice_reminders: {
        Args: { max_rows?: number; on_date: string }
        Returns: number
      }
      queue_task_reminders: { Args: { max_rows?: number }; Returns: number }
      receive_whatsapp_events: {
        Args: { body_sha256: string; events: Json }
        Returns: Json
      }
      record_email_click: {
        Args: { link: string; token: string }
        Returns: string
      }
      record_email_delivery_event: {
        Args: { address: string; event: string }
        Returns: boolean
      }
      record_payment: { Args: { payment: Json }; Returns: Json }
      record_timeline: {
        Args: {
          before?: string
          max_rows?: number
          target_id: string
          target_table: string
        }
        Returns: {
          actor_id: string
          body: string
          details: Json
          direction: string
          id: string
          kind: string
          occurred_at: string
          record_id: string
          record_table: string
          source: string
          summary: string
        }[]
      }
      refund_payment: {
        Args: {
          amount: number
          email_note?: boolean
          method: string
          momo_network?: string
          paid_on?: string
          payment_id: string
          reason: string
          reference?: string
        }
        Returns: Json
      }
      register_partner_buyer: {
        Args: {
          buyer_email?: string
          buyer_name: string
          buyer_phone?: string
          listing: string
          notes?: string
        }
        Returns: {
          buyer_email: string | null
          buyer_name: string
          buyer_phone: string | null
          created_at: string
          decided_at: string | null
          decided_by: string | null
          decline_reason: string | null
          id: string
          notes: string | null
          partner_id: string
          property_id: string
          registered_by: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "partner_buyer_registrations"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      reorder_deal_stages: {
        Args: { pipeline_id: string; stage_ids: string[] }
        Returns: undefined
      }
      reorder_property_images: {
        Args: { image_ids: string[]; listing_id: string }
        Returns: undefined
      }
      reorder_todos: { Args: { todo_ids: string[] }; Returns: undefined }
      report_agent_activity: {
        Args: { period_from: string; period_to: string }
        Returns: {
          agent_id: string
          overdue_tasks: number
          viewings_held: number
        }[]
      }
      report_agent_goals: {
        Args: { agent_id: string; period_from: string; period_to: string }
        Returns: {
          actual: number
          goal_id: string
          metric: string
          period_end: string
          period_start: string
          period_type: string
          target: number
        }[]
      }
      report_agent_trend: {
        Args: { agent_id: string; period_from: string; period_to: string }
        Returns: {
          commission: number
          currency: string
          deals_won: number
          month: string
          viewings_held: number
          won_value: number
        }[]
      }
      report_agents: {
        Args: { period_from: string; period_to: string }
        Returns: {
          agent_id: string
          commission: number
          currency: string
          deals_won: number
          won_value: number
        }[]
      }
      report_annual_transactions: {
        Args: { max_rows?: number; report_year: number }
        Returns: {
          agent_id: string
          agent_name: string
          certificate_no: string
          client: string
          commission: number
          completed_on: string
          currency: string
          deal_id: string
          property: string
          property_city: string
          transaction_type: string
          value: number
        }[]
      }
      report_funnel: {
        Args: { period_from: string; period_to: string }
        Returns: {
          leads: number
          offers: number
          viewings: number
          won: number
        }[]
      }
      report_leads: {
        Args: { period_from: string; period_to: string }
        Returns: {
          leads: number
          source: string
          week: string
        }[]
      }
      report_money_months: {
        Args: { period_from: string; period_to: string }
        Returns: {
          collected: number
          currency: string
          getfund: number
          invoiced: number
          month: string
          nhil: number
          vat: number
          vat_flat: number
        }[]
      }
      report_partner_commission: {
        Args: { period_from: string; period_to: string }
        Returns: {
          commission: number
          currency: string
          deals: number
          paid: number
          partner: string
          source: string
        }[]
      }
      report_pipeline: {
        Args: Record<PropertyKey, never>
        Returns: {
          currency: string
          deals: number
          pipeline: string
          probability: number
          stage: string
          stage_position: number
          value: number
          weighted: number
        }[]
      }
      report_price_reductions: {
        Args: { period_from: string; period_to: string }
        Returns: {
          currency: string
          new_price: number
          old_price: number
          property_id: string
          reduced_on: string
          title: string
        }[]
      }
      report_receivables: {
        Args: { as_of?: string }
        Returns: {
          age_0_30: number
          age_31_60: number
          age_61_90: number
          age_90_plus: number
          currency: string
          invoices: number
          outstanding: number
          overdue: number
          overdue_invoices: number
        }[]
      }
      report_response_times: {
        Args: { period_from: string; period_to: string }
        Returns: {
          agent_id: string
          answered: number
          items: number
          median_minutes: number
          unassigned: number
        }[]
      }
      report_stock: {
        Args: Record<PropertyKey, never>
        Returns: {
          city: string
          listings: number
          median_days_on_market: number
          property_type: string
          status: string
        }[]
      }
      report_stock_moves: {
        Args: { period_from: string; period_to: string }
        Returns: {
          listings: number
          month: string
          status: string
        }[]
      }
      report_stock_watch: {
        Args: Record<PropertyKey, never>
        Returns: {
          agent_id: string
          city: string
          mandate_expires_on: string
          property_id: string
          reason: string
          status: string
          title: string
        }[]
      }
      report_trust_ledger: {
        Args: { period_from: string; period_to: string }
        Returns: {
          balance: number
          client: string
          currency: string
          entries: number
          money_in: number
          money_out: number
        }[]
      }
      report_unassigned_inbox: {
        Args: Record<PropertyKey, never>
        Returns: {
          age_0_1: number
          age_2_7: number
          age_30_plus: number
          age_8_30: number
          inbox: string
          oldest: string
        }[]
      }
      reschedule_appointment_by_visitor: {
        Args: {
          inbox: string
          link_nonce: string
          new_start: string
          record_id: string
        }
        Returns: Json
      }
      revoke_calendar_feed: {
        Args: Record<PropertyKey, never>
        Returns: boolean
      }
      save_action_plan: {
        Args: { fields: Json; plan_id: string; steps: Json }
        Returns: string
      }
      save_deal_commission: {
        Args: {
          commission_amount: number
          commission_rate: number
          commission_type: string
          deal_id: string
          splits: Json
        }
        Returns: undefined
      }
      save_event: {
        Args: {
          attendee_contact_ids?: string[]
          attendee_user_ids?: string[]
          event_id: string
          expected_updated_at?: string
          fields: Json
        }
        Returns: {
          all_day: boolean
          contact_id: string | null
          created_at: string
          description: string | null
          ends_at: string
          id: string
          kind: string
          location: string | null
          owner_id: string | null
          property_id: string | null
          search_text: string | null
          starts_at: string
          status: string
          title: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "events"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      schedule_campaign: {
        Args: { campaign: string; send_at: string; site_origin: string }
        Returns: string
      }
      search_blog_posts: {
        Args: { term: string }
        Returns: {
          author_id: string | null
          author_name: string | null
          content: string
          cover_image_alt: string | null
          cover_image_url: string | null
          created_at: string
          excerpt: string | null
          id: string
          published_at: string | null
          search_text: string | null
          seo_description: string | null
          seo_title: string | null
          slug: string
          status: string
          tags: string[]
          title: string
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "blog_posts"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_bookings: {
        Args: { term: string }
        Returns: {
          assignee_id: string | null
          attendees: number
          blocked_from: string | null
          blocked_until: string | null
          buffer_after_minutes: number
          buffer_before_minutes: number
          confirmed_at: string | null
          consent_at: string
          contact_id: string | null
          created_at: string
          deal_id: string | null
          duration_minutes: number
          email: string
          ends_at: string | null
          event_type_id: string | null
          full_name: string
          ics_sequence: number
          id: string
          last_reply_at: string | null
          message: string | null
          phone: string
          preferred_date: string
          property_id: string | null
          property_slug: string | null
          search_text: string | null
          source_host: string | null
          starts_at: string
          status: string
          time_slot: string
          updated_at: string
          user_agent: string | null
          whatsapp_opt_in: boolean
        }[]
        SetofOptions: {
          from: "*"
          to: "bookings"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_consultations: {
        Args: { term: string }
        Returns: {
          assignee_id: string | null
          blocked_from: string | null
          blocked_until: string | null
          buffer_after_minutes: number
          buffer_before_minutes: number
          confirmed_at: string | null
          consent_at: string
          contact_id: string | null
          created_at: string
          deal_id: string | null
          duration_minutes: number
          email: string
          ends_at: string | null
          event_type_id: string | null
          full_name: string
          ics_sequence: number
          id: string
          last_reply_at: string | null
          meeting_mode: string
          message: string | null
          phone: string
          preferred_date: string
          search_text: string | null
          service: string
          source_host: string | null
          starts_at: string
          status: string
          time_slot: string
          updated_at: string
          user_agent: string | null
          whatsapp_opt_in: boolean
        }[]
        SetofOptions: {
          from: "*"
          to: "consultations"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_contact_submissions: {
        Args: { term: string }
        Returns: {
          assignee_id: string | null
          consent_at: string
          contact_id: string | null
          created_at: string
          deal_id: string | null
          email: string | null
          full_name: string
          id: string
          last_reply_at: string | null
          message: string
          phone: string | null
          property_id: string | null
          property_slug: string | null
          search_text: string | null
          source_host: string | null
          status: string
          subject: string | null
          updated_at: string
          user_agent: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "contact_submissions"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_contacts: {
        Args: { term: string }
        Returns: {
          address: string | null
          alt_email: string | null
          alt_phone: string | null
          anonymised_at: string | null
          anonymised_by: string | null
          assignee_id: string | null
          city: string | null
          company_id: string | null
          company_name: string | null
          consent_at: string | null
          consent_note: string | null
          consent_source: string | null
          consent_status: string
          created_at: string
          display_name: string | null
          email: string | null
          first_name: string | null
          ghana_post_gps: string | null
          id: string
          industry: string | null
          job_title: string | null
          kind: string
          last_activity_at: string | null
          last_name: string | null
          marketing_consent: boolean
          marketing_consent_at: string | null
          neighbourhood: string | null
          notes: string | null
          owner_id: string | null
          phone: string | null
          phone_network: string | null
          search_text: string | null
          source: string | null
          stage: string
          tags: string[]
          tin: string | null
          type: string
          updated_at: string
          website: string | null
          whatsapp_opt_in: boolean
          whatsapp_opt_in_at: string | null
          whatsapp_opt_in_source: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "contacts"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_content_plan_items: {
        Args: { term: string }
        Returns: {
          audiences: string[]
          created_at: string
          id: string
          keywords: string[]
          notes: string | null
          owner_id: string | null
          planned_for: string
          post_id: string | null
          search_text: string | null
          status: string
          title: string
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "content_plan_items"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_deals: {
        Args: { term: string }
        Returns: {
          assignee_id: string | null
          closed_at: string | null
          commission_amount: number | null
          commission_rate: number | null
          commission_type: string
          contact_id: string | null
          created_at: string
          currency: string
          expected_close_date: string | null
          id: string
          last_activity_at: string | null
          lease_end_date: string | null
          lease_start_date: string | null
          lost_note: string | null
          lost_reason_id: string | null
          notes: string | null
          owner_id: string | null
          pipeline_id: string
          property_id: string | null
          search_text: string | null
          stage_entered_at: string
          stage_id: string
          status: string
          title: string
          transaction_certificate_no: string | null
          updated_at: string
          value: number
        }[]
        SetofOptions: {
          from: "*"
          to: "deals"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_invoices: {
        Args: { term: string }
        Returns: {
          amount_credited: number
          amount_paid: number
          assignee_id: string | null
          bill_to_address: string | null
          bill_to_email: string | null
          bill_to_name: string
          bill_to_phone: string | null
          client_key: string | null
          converted_from_id: string | null
          created_at: string
          created_by: string | null
          credit_reason: string | null
          credited_invoice_id: string | null
          currency: string
          due_date: string | null
          exchange_rate: number | null
          exchange_rate_date: string | null
          gra_invoice_id: string | null
          gra_qr_code: string | null
          gra_sdc_time: string | null
          id: string
          issue_date: string | null
          issued_at: string | null
          issued_by: string | null
          kind: string
          last_sent_at: string | null
          last_sent_to: string | null
          notes: string | null
          number: string | null
          owner_id: string | null
          payment_instructions: string | null
          payment_terms_days: number
          search_text: string | null
          status: string
          subtotal: number
          tax_total: number
          total: number
          updated_at: string
          void_reason: string | null
          voided_at: string | null
          withholding: string
          withholding_amount: number
          withholding_rate: number | null
        }[]
        SetofOptions: {
          from: "*"
          to: "invoices"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_partners: {
        Args: { term: string }
        Returns: {
          address: string | null
          city: string | null
          commission_terms: string | null
          created_at: string
          default_split_percent: number
          email: string | null
          id: string
          kind: string
          licence_expires_on: string | null
          name: string
          owner_id: string | null
          phone: string | null
          reac_licence_number: string
          search_text: string | null
          status: string
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "partners"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_payments: {
        Args: { term: string }
        Returns: {
          account_id: string | null
          amount: number
          assignee_id: string | null
          client_key: string
          created_at: string
          currency: string
          exchange_rate: number
          gateway: string | null
          gateway_reference: string | null
          id: string
          kind: string
          method: string
          momo_network: string | null
          notes: string | null
          number: string
          owner_id: string | null
          paid_on: string
          payer_email: string | null
          payer_name: string
          recorded_by: string | null
          reference: string | null
          refund_of: string | null
          refund_reason: string | null
          search_text: string | null
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "payments"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_properties: {
        Args: { term: string }
        Returns: {
          address: string | null
          agent_id: string | null
          assignee_id: string | null
          bathrooms: number | null
          bedrooms: number | null
          city: string
          created_at: string
          created_by: string | null
          currency: string
          description: string | null
          featured: boolean
          features: string[]
          floor_area_sqm: number | null
          furnishing: string | null
          ghana_post_gps: string | null
          has_boys_quarters: boolean
          id: string
          is_gated: boolean
          is_serviced: boolean
          land_size_sqm: number | null
          latitude: number | null
          lease_years_remaining: number | null
          listing_type: string
          longitude: number | null
          mandate_expires_on: string | null
          neighbourhood: string | null
          owner_id: string | null
          plots: number | null
          price: number | null
          price_on_request: boolean
          property_type: string
          public_since: string | null
          published_at: string | null
          region: string | null
          rent_advance_months: number | null
          rent_period: string | null
          search_text: string | null
          seo_description: string | null
          seo_title: string | null
          slug: string
          status: string
          tenure: string | null
          title: string
          title_type: string | null
          title_verified_at: string | null
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "properties"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_property_hunts: {
        Args: { term: string }
        Returns: {
          acquired_at: string | null
          address: string | null
          asking_price: number | null
          assignee_id: string | null
          bathrooms: number | null
          bedrooms: number | null
          city: string
          created_at: string
          currency: string
          ghana_post_gps: string | null
          id: string
          land_size_sqm: number | null
          latitude: number | null
          lease_years_remaining: number | null
          listing_type: string
          longitude: number | null
          neighbourhood: string | null
          notes: string | null
          offer_amount: number | null
          offered_at: string | null
          owner_contact_id: string | null
          owner_id: string | null
          owner_name: string | null
          owner_phone: string | null
          plots: number | null
          property_id: string | null
          property_type: string
          region: string | null
          rejection_note: string | null
          rejection_reason: string | null
          rent_period: string | null
          request_id: string | null
          search_text: string | null
          source: string | null
          stage: string
          stage_changed_at: string
          tenure: string | null
          title: string
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "property_hunts"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_property_requests: {
        Args: { term: string }
        Returns: {
          area_max_sqm: number | null
          area_min_sqm: number | null
          assignee_id: string | null
          bedrooms_max: number | null
          bedrooms_min: number | null
          budget_max: number
          budget_min: number | null
          consent_at: string
          contact_id: string | null
          created_at: string
          currency: string
          deal_id: string | null
          email: string
          full_name: string
          id: string
          last_reply_at: string | null
          listing_type: string
          location_keys: string[] | null
          locations: string[]
          move_in_date: string | null
          notes: string | null
          phone: string
          property_type: string
          property_types: string[]
          search_text: string | null
          source_host: string | null
          status: string
          timeline: string
          updated_at: string
          user_agent: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "property_requests"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_records: {
        Args: { kinds?: string[]; per_kind?: number; term: string }
        Returns: {
          details: Json
          id: string
          kind: string
          rank: number
          title: string
          updated_at: string
        }[]
      }
      search_tasks: {
        Args: { term: string }
        Returns: {
          assignee_id: string | null
          completed_at: string | null
          contact_id: string | null
          created_at: string
          deal_id: string | null
          description: string | null
          due_at: string | null
          id: string
          is_closed: boolean | null
          origin: string | null
          origin_id: string | null
          owner_id: string | null
          previous_id: string | null
          priority: string
          priority_rank: number | null
          property_id: string | null
          recurrence: string
          remind_at: string | null
          reminded_at: string | null
          search_text: string | null
          status: string
          title: string
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "tasks"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      send_campaign_test: {
        Args: { campaign: string; site_origin: string }
        Returns: string
      }
      send_inbox_reply: {
        Args: {
          body: string
          inbox: string
          record_id: string
          subject: string
        }
        Returns: {
          address_had_bounced: boolean
          body: string
          created_at: string
          delivery_status: string
          email_id: string | null
          id: string
          kind: string
          record_id: string
          record_table: string
          sent_by: string | null
          subject: string
          to_address: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "inbox_replies"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      send_invoice_email: {
        Args: { invoice_id: string; message?: string; to_address?: string }
        Returns: string
      }
      send_request_matches: {
        Args: {
          note?: string
          property_ids: string[]
          request_id: string
          site_origin: string
        }
        Returns: {
          address_had_bounced: boolean
          body: string
          created_at: string
          delivery_status: string
          email_id: string | null
          id: string
          kind: string
          record_id: string
          record_table: string
          sent_by: string | null
          subject: string
          to_address: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "inbox_replies"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_working_hours: {
        Args: { member: string; windows: Json }
        Returns: number
      }
      staff_available_slots: {
        Args: {
          days?: number
          from_date?: string
          inbox: string
          record_id: string
        }
        Returns: {
          ends_at: string
          host_ids: string[]
          starts_at: string
        }[]
      }
      start_due_action_plan_runs: {
        Args: { max_runs?: number }
        Returns: number
      }
      start_online_payment: {
        Args: {
          channel: string
          email: string
          invoice_id: string
          reference: string
        }
        Returns: Json
      }
      team_members: {
        Args: Record<PropertyKey, never>
        Returns: {
          branch_id: string
          confirmed: boolean
          deactivated_at: string
          email: string
          first_name: string
          invited_at: string
          last_name: string
          last_sign_in_at: string
          open_records: number
          phone: string
          role: string
          two_factor: boolean
          two_factor_required: boolean
          updated_at: string
          user_id: string
        }[]
      }
      team_unread_counts: {
        Args: Record<PropertyKey, never>
        Returns: {
          channel_id: string
          unread: number
        }[]
      }
      title_file_overview: {
        Args: Record<PropertyKey, never>
        Returns: {
          city: string
          for_non_citizen: boolean
          hunt_id: string
          hunt_stage: string
          id: string
          land_source: string
          listing_status: string
          problems: number
          property_id: string
          required_checks: number
          subject: string
          tenure: string
          title_type: string
          updated_at: string
          verified_at: string
          verified_checks: number
        }[]
      }
      title_required_items: {
        Args: {
          for_non_citizen: boolean
          land_source: string
          tenure: string
          title_type: string
        }
        Returns: string[]
      }
      touch_post_editing: {
        Args: { fresh_seconds?: number; post: string }
        Returns: {
          seen_at: string
          user_id: string
        }[]
      }
      trashed_files_due_for_purge: {
        Args: { max_rows: number }
        Returns: {
          id: string
          storage_path: string
        }[]
      }
      two_factor_enrolment_pending: {
        Args: Record<PropertyKey, never>
        Returns: boolean
      }
      unread_announcements: {
        Args: Record<PropertyKey, never>
        Returns: {
          audience: string
          author_id: string | null
          body: string
          created_at: string
          expires_at: string | null
          id: string
          pinned: boolean
          title: string
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "announcements"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      unread_notification_count: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      unsubscribe: { Args: { token: string }; Returns: boolean }
      unsubscribe_address: { Args: { token: string }; Returns: string }
      visitor_appointment: {
        Args: { inbox: string; link_nonce: string; record_id: string }
        Returns: Json
      }
      visitor_available_slots: {
        Args: {
          days?: number
          inbox: string
          link_nonce: string
          record_id: string
        }
        Returns: {
          ends_at: string
          starts_at: string
        }[]
      }
      void_invoice: {
        Args: { invoice_id: string; reason: string }
        Returns: undefined
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const
