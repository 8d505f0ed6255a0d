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
      bookings: {
        Row: {
          assigned_to: string | null
          attendees: number
          consent_at: string
          created_at: string
          email: string
          full_name: string
          id: string
          internal_notes: string | null
          message: string | null
          phone: string
          preferred_date: string
          property_id: string | null
          property_slug: string | null
          source_host: string | null
          starts_at: string
          status: string
          time_slot: string
          updated_at: string
          user_agent: string | null
        }
        Insert: {
          assigned_to?: string | null
          attendees?: number
          consent_at: string
          created_at?: string
          email: string
          full_name: string
          id?: string
          internal_notes?: string | null
          message?: string | null
          phone: string
          preferred_date: string
          property_id?: string | null
          property_slug?: string | null
          source_host?: string | null
          starts_at: string
          status?: string
          time_slot: string
          updated_at?: string
          user_agent?: string | null
        }
        Update: {
          assigned_to?: string | null
          attendees?: number
          consent_at?: string
          created_at?: string
          email?: string
          full_name?: string
          id?: string
          internal_notes?: string | null
          message?: string | null
          phone?: string
          preferred_date?: string
          property_id?: string | null
          property_slug?: string | null
          source_host?: string | null
          starts_at?: string
          status?: string
          time_slot?: string
          updated_at?: string
          user_agent?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "bookings_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      consultations: {
        Row: {
          assigned_to: string | null
          consent_at: string
          created_at: string
          email: string
          full_name: string
          id: string
          internal_notes: string | null
          meeting_mode: string
          message: string | null
          phone: string
          preferred_date: string
          service: string
          source_host: string | null
          starts_at: string
          status: string
          time_slot: string
          updated_at: string
          user_agent: string | null
        }
        Insert: {
          assigned_to?: string | null
          consent_at: string
          created_at?: string
          email: string
          full_name: string
          id?: string
          internal_notes?: string | null
          meeting_mode?: string
          message?: string | null
          phone: string
          preferred_date: string
          service: string
          source_host?: string | null
          starts_at: string
          status?: string
          time_slot: string
          updated_at?: string
          user_agent?: string | null
        }
        Update: {
          assigned_to?: string | null
          consent_at?: string
          created_at?: string
          email?: string
          full_name?: string
          id?: string
          internal_notes?: string | null
          meeting_mode?: string
          message?: string | null
          phone?: string
          preferred_date?: string
          service?: string
          source_host?: string | null
          starts_at?: string
          status?: string
          time_slot?: string
          updated_at?: string
          user_agent?: string | null
        }
        Relationships: []
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
          assigned_to: string | null
          consent_at: string
          created_at: string
          email: string
          full_name: string
          id: string
          internal_notes: string | null
          message: string
          phone: string | null
          property_id: string | null
          property_slug: string | null
          source_host: string | null
          status: string
          subject: string | null
          updated_at: string
          user_agent: string | null
        }
        Insert: {
          assigned_to?: string | null
          consent_at: string
          created_at?: string
          email: string
          full_name: string
          id?: string
          internal_notes?: string | null
          message: string
          phone?: string | null
          property_id?: string | null
          property_slug?: string | null
          source_host?: string | null
          status?: string
          subject?: string | null
          updated_at?: string
          user_agent?: string | null
        }
        Update: {
          assigned_to?: string | null
          consent_at?: string
          created_at?: string
          email?: string
          full_name?: string
          id?: string
          internal_notes?: string | null
          message?: string
          phone?: string | null
          property_id?: string | null
          property_slug?: string | null
          source_host?: string | null
          status?: string
          subject?: string | null
          updated_at?: string
          user_agent?: string | null
        }
        Relationships: [
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
      email_campaign_recipients: {
        Row: {
          campaign_id: string
          contact_id: string | null
          created_at: string
          email: string
          id: string
          outgoing_email_id: string | null
          unsubscribed_at: string | null
          updated_at: string
        }
        Insert: {
          campaign_id: string
          contact_id?: string | null
          created_at?: string
          email: string
          id?: string
          outgoing_email_id?: string | null
          unsubscribed_at?: string | null
          updated_at?: string
        }
        Update: {
          campaign_id?: string
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
      invoice_items: {
        Row: {
          created_at: string
          description: string
          id: string
          invoice_id: string
          position: number
          quantity: number
          tax_class: string
          unit_price: number
          updated_at: string
        }
        Insert: {
          created_at?: string
          description: string
          id?: string
          invoice_id: string
          position?: number
          quantity?: number
          tax_class?: string
          unit_price: number
          updated_at?: string
        }
        Update: {
          created_at?: string
          description?: string
          id?: string
          invoice_id?: string
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
      invoices: {
        Row: {
          amount_paid: number
          assignee_id: string | null
          bill_to_address: string | null
          bill_to_email: string | null
          bill_to_name: string
          bill_to_phone: string | null
          created_at: string
          created_by: string | null
          currency: string
          due_date: string | null
          gra_invoice_id: string | null
          gra_qr_code: string | null
          id: string
          issue_date: string
          notes: string | null
          number: string
          owner_id: string | null
          payment_instructions: string | null
          status: string
          updated_at: string
        }
        Insert: {
          amount_paid?: number
          assignee_id?: string | null
          bill_to_address?: string | null
          bill_to_email?: string | null
          bill_to_name: string
          bill_to_phone?: string | null
          created_at?: string
          created_by?: string | null
          currency?: string
          due_date?: string | null
          gra_invoice_id?: string | null
          gra_qr_code?: string | null
          id?: string
          issue_date?: string
          notes?: string | null
          number: string
          owner_id?: string | null
          payment_instructions?: string | null
          status?: string
          updated_at?: string
        }
        Update: {
          amount_paid?: number
          assignee_id?: string | null
          bill_to_address?: string | null
          bill_to_email?: string | null
          bill_to_name?: string
          bill_to_phone?: string | null
          created_at?: string
          created_by?: string | null
          currency?: string
          due_date?: string | null
          gra_invoice_id?: string | null
          gra_qr_code?: string | null
          id?: string
          issue_date?: string
          notes?: string | null
          number?: string
          owner_id?: string | null
          payment_instructions?: string | null
          status?: string
          updated_at?: string
        }
        Relationships: []
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
      outgoing_emails: {
        Row: {
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
          sent_at: string | null
          status: string
          subject: string
          text_body: string | null
          to_address: string
          updated_at: string
        }
        Insert: {
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
          sent_at?: string | null
          status?: string
          subject: string
          text_body?: string | null
          to_address: string
          updated_at?: string
        }
        Update: {
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
      profiles: {
        Row: {
          avatar_url: string | null
          created_at: string
          email: string | null
          first_name: string | null
          last_name: string | null
          phone: string | null
          role: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          avatar_url?: string | null
          created_at?: string
          email?: string | null
          first_name?: string | null
          last_name?: string | null
          phone?: string | null
          role?: string | null
          updated_at?: string
          user_id: string
        }
        Update: {
          avatar_url?: string | null
          created_at?: string
          email?: string | null
          first_name?: string | null
          last_name?: string | null
          phone?: string | null
          role?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
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
      property_requests: {
        Row: {
          assigned_to: string | null
          bedrooms_max: number | null
          bedrooms_min: number | null
          budget_max: number
          budget_min: number | null
          consent_at: string
          created_at: string
          currency: string
          email: string
          full_name: string
          id: string
          internal_notes: string | null
          listing_type: string
          locations: string[]
          notes: string | null
          phone: string
          property_type: string
          source_host: string | null
          status: string
          timeline: string
          updated_at: string
          user_agent: string | null
        }
        Insert: {
          assigned_to?: string | null
          bedrooms_max?: number | null
          bedrooms_min?: number | null
          budget_max: number
          budget_min?: number | null
          consent_at: string
          created_at?: string
          currency?: string
          email: string
          full_name: string
          id?: string
          internal_notes?: string | null
          listing_type: string
          locations: string[]
          notes?: string | null
          phone: string
          property_type: string
          source_host?: string | null
          status?: string
          timeline: string
          updated_at?: string
          user_agent?: string | null
        }
        Update: {
          assigned_to?: string | null
          bedrooms_max?: number | null
          bedrooms_min?: number | null
          budget_max?: number
          budget_min?: number | null
          consent_at?: string
          created_at?: string
          currency?: string
          email?: string
          full_name?: string
          id?: string
          internal_notes?: string | null
          listing_type?: string
          locations?: string[]
          notes?: string | null
          phone?: string
          property_type?: string
          source_host?: string | null
          status?: string
          timeline?: string
          updated_at?: string
          user_agent?: string | null
        }
        Relationships: []
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
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
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
        }
        SetofOptions: {
          from: "*"
          to: "contacts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      claim_outgoing_emails: {
        Args: { batch_size?: number; lease_seconds?: number }
        Returns: {
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
        }[]
        SetofOptions: {
          from: "*"
          to: "contacts"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      email_campaign_figures: {
        Args: { campaign: string }
        Returns: {
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
      export_contact: { Args: { contact_id: string }; Returns: Json }
      get_public_invoice: { Args: { invoice_id: string }; Returns: Json }
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
      mark_all_notifications_read: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      mark_team_messages_as_read: {
        Args: { channel_id_param: string }
        Returns: undefined
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
        }
        SetofOptions: {
          from: "*"
          to: "contacts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      post_redirect_slug: { Args: { old_slug: string }; Returns: string }
      property_redirect_slug: { Args: { old_slug: string }; Returns: string }
      publish_due_posts: {
        Args: { max_rows?: number }
        Returns: {
          id: string
          slug: string
        }[]
      }
      queue_campaign: {
        Args: { campaign: string; site_origin: string }
        Returns: number
      }
      reorder_property_images: {
        Args: { image_ids: string[]; listing_id: string }
        Returns: undefined
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
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "properties"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      team_unread_counts: {
        Args: Record<PropertyKey, never>
        Returns: {
          channel_id: string
          unread: number
        }[]
      }
      touch_post_editing: {
        Args: { fresh_seconds?: number; post: string }
        Returns: {
          seen_at: string
          user_id: string
        }[]
      }
      unread_notification_count: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      unsubscribe: { Args: { token: string }; Returns: boolean }
      unsubscribe_address: { Args: { token: string }; Returns: string }
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
